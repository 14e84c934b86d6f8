import type { PlanRow } from '@storelens/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CanButton } from '../../session/components/CanButton.tsx';
import { usePlanActions } from '../hooks/usePlanActions.ts';
import { PLAN_EDIT_PATH } from '../routes.tsx';

/** The buttons of the actions the transition table allows in the plan's state (the server decides again). */
export function PlanActions({ plan, onDeleted }: { plan: Pick<PlanRow, 'planId' | 'name' | 'actions'>; onDeleted?: () => void }) {
  const { t } = useTranslation('inspectionPlans');
  const navigate = useNavigate();
  const actions = usePlanActions();
  const id = plan.name;
  return (
    <Space size={0} wrap>
      {plan.actions.includes('modify') && (
        <CanButton
          permission="inspection_plan_update"
          type="link"
          size="small"
          onClick={() => void navigate(`${PLAN_EDIT_PATH}?planId=${encodeURIComponent(plan.planId)}`)}
          data-testid={`plan-edit-${id}`}
        >
          {t('list.edit')}
        </CanButton>
      )}
      {plan.actions.includes('pause') && (
        <CanButton permission="inspection_plan_update" type="link" size="small" onClick={() => void actions.pause(plan)} data-testid={`plan-pause-${id}`}>
          {t('list.pause')}
        </CanButton>
      )}
      {plan.actions.includes('reactivate') && (
        <CanButton
          permission="inspection_plan_update"
          type="link"
          size="small"
          onClick={() => void actions.reactivate(plan)}
          data-testid={`plan-reactivate-${id}`}
        >
          {t('list.reactivate')}
        </CanButton>
      )}
      {plan.actions.includes('delete') && (
        <CanButton
          permission="inspection_plan_update"
          type="link"
          size="small"
          danger
          onClick={() => void actions.remove(plan).then(() => onDeleted?.())}
          data-testid={`plan-delete-${id}`}
        >
          {t('list.delete')}
        </CanButton>
      )}
    </Space>
  );
}
