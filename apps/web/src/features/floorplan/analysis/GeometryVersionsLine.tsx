import type { GeometryVersions } from '@storelens/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { changedElements, geometryVersionsText, mergeGeometry } from './geometryVersions.ts';

/**
 * Which versions of the plan's regions, areas and lines (for the heat: masks and camera points)
 * produced the figures on the page (issue 13: reports say which version produced them), in one quiet
 * line; every area page shows it the same way.
 */
export function GeometryVersionsLine({ answers }: { answers: readonly (GeometryVersions | null | undefined)[] }) {
  const { t } = useTranslation('areaAnalysis');
  const locale = useSessionStore((state) => state.locale);
  const geometry = mergeGeometry(answers);
  const text = geometryVersionsText(geometry, (key, params) => t(key, params), locale);
  if (!geometry || !text) return null;
  return (
    <Typography.Text
      type="secondary"
      style={{ fontSize: 12 }}
      data-testid="geometry-versions"
      data-plan-version={geometry.planVersion}
      data-changed={changedElements(geometry).length > 0 ? 'yes' : 'no'}
    >
      {text}
    </Typography.Text>
  );
}
