import { areaAnalysisOperations as ops } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Progress } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../../shared/hooks/useOperation.ts';

/** While an edit is applied to the kept tracks, ask often; otherwise now and then (someone else may edit). */
const WATCHING_MS = 3_000;
const RESTING_MS = 60_000;

/**
 * Tells a person that a plan's figures of the last 30 days are being measured again with its edited
 * regions, areas and lines (queued, then running with its percent), and refreshes the area figures
 * on screen once they are.
 */
export function RecomputeNotice({ planId }: { planId: string | null }) {
  const { t } = useTranslation('areaAnalysis');
  const queryClient = useQueryClient();
  const status = useOperation(
    ops.recomputeStatus,
    { planId: planId ?? '' },
    {
      enabled: Boolean(planId),
      refetchInterval: (query) => (query.state.data && query.state.data.state !== 'current' ? WATCHING_MS : RESTING_MS),
    },
  );
  const state = status.data?.state ?? 'current';
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current !== 'current' && state === 'current') {
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('floorplan.') && query.queryKey[0] !== ops.recomputeStatus.name,
      });
    }
    previous.current = state;
  }, [state, queryClient]);

  if (!planId || state === 'current') return null;
  if (state === 'failed') return <Alert type="warning" showIcon title={t('recompute.failed')} data-testid="recompute-notice" data-state={state} />;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="recompute-notice"
      data-state={state}
      title={state === 'queued' ? t('recompute.queued') : t('recompute.running')}
      description={state === 'running' ? <Progress percent={status.data?.percent ?? 0} size="small" aria-label={t('recompute.running')} /> : undefined}
    />
  );
}
