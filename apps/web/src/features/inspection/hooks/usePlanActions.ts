import type { PlanRow } from '@storelens/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { deletePlan, pausePlan, restartPlan } from '../api.ts';
import { useInspectionRefresh } from './useInspection.ts';

/** Pause (confirmed), reactivate and delete (confirmed) a plan; the server checks the transition table again. */
export function usePlanActions() {
  const { t } = useTranslation('inspectionPlans');
  const { message } = App.useApp();
  const refresh = useInspectionRefresh();

  const confirmed = (title: string, body: string, run: () => Promise<unknown>, danger = false) =>
    requestConfirmation({
      title,
      body,
      danger,
      onConfirm: async () => {
        await run();
        return true;
      },
    });

  return {
    async pause(plan: Pick<PlanRow, 'planId' | 'name'>) {
      if (!(await confirmed(t('list.pauseTitle', { name: plan.name }), t('list.pauseBody'), () => pausePlan(plan.planId)))) return;
      void message.success(t('list.paused'));
      await refresh();
    },
    async reactivate(plan: Pick<PlanRow, 'planId'>) {
      await restartPlan(plan.planId);
      void message.success(t('list.reactivated'));
      await refresh();
    },
    async remove(plan: Pick<PlanRow, 'planId' | 'name'>) {
      if (!(await confirmed(t('list.deleteTitle', { name: plan.name }), t('list.deleteBody'), () => deletePlan(plan.planId), true))) return;
      void message.success(t('list.deleted'));
      await refresh();
    },
  };
}
