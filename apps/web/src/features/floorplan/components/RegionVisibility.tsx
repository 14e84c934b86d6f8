import { floorplanOperations as ops, type PlanElement } from '@storelens/contracts';
import { App, Card, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { callOperation } from '../../../shared/lib/operations.ts';

/**
 * A plan's regions and whether the analysis pages show them (the spec's region hide configuration).
 * Hiding is display only: no new version of the region. The super manager changes it.
 */
export function RegionVisibility({
  planId,
  elements,
  canEdit,
  onChanged,
}: {
  planId: string;
  elements: readonly PlanElement[];
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('floorplan');
  const { message } = App.useApp();
  const regions = elements.filter((element) => element.kind === 'region');
  const names = new Map(regions.map((region) => [region.elementId, region.name]));

  const setShown = async (region: PlanElement, shown: boolean) => {
    const hidden = regions.filter((other) => (other.elementId === region.elementId ? !shown : other.hidden)).map((other) => other.elementId);
    await callOperation(ops.regionHideUpdate, { planId, elementIds: hidden });
    await onChanged();
    message.success(t('regions.saved'));
  };

  return (
    <Card size="small" title={t('regions.title')}>
      <Table<PlanElement>
        rowKey="elementId"
        size="small"
        pagination={false}
        dataSource={regions}
        locale={{ emptyText: t('tools.noElements') }}
        data-testid="region-table"
        columns={[
          { title: t('tools.name'), dataIndex: 'name' },
          { title: t('tools.regionType'), dataIndex: 'regionType', render: (type: PlanElement['regionType']) => (type ? t(`tools.types.${type}`) : '—') },
          { title: t('tools.linked'), dataIndex: 'linkedElementId', render: (linked: string | null) => (linked ? (names.get(linked) ?? '—') : '—') },
          { title: t('tools.minDwell'), dataIndex: 'minDwellSeconds' },
          { title: t('regions.version'), dataIndex: 'version' },
          {
            title: t('regions.shown'),
            dataIndex: 'hidden',
            render: (hidden: boolean, region) => (
              <Switch
                checked={!hidden}
                disabled={!canEdit}
                aria-label={`${t('regions.shown')}: ${region.name}`}
                onChange={(shown) => void setShown(region, shown).catch(() => undefined)}
                data-testid={`region-shown-${region.elementId}`}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
