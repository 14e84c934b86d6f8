import { PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import type { DateRange, ReportDimension, ReportIndicator } from '@storelens/contracts';
import { keepPreviousData, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Row, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsToolbar } from '../../../../shared/analytics/AnalyticsToolbar.tsx';
import { useDataUpdateTimeFeed } from '../../../../shared/analytics/dataUpdateTime.ts';
import { defaultRange, rangeProblem, rangeProblemMessage } from '../../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { exportAnalyticsTable } from '../../../../shared/analytics/exports.ts';
import { IndicatorSelect, useReportIndicators } from '../../../../shared/analytics/IndicatorSelect.tsx';
import { SelectShopsFirst } from '../../../../shared/analytics/SelectShopsFirst.tsx';
import { useShopSelection } from '../../../../shared/analytics/useShopSelection.ts';
import { requestConfirmation } from '../../../../shared/lib/confirmModal.ts';
import { SectionHeading } from '../../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import {
  deleteCustomReport,
  getCustomReport,
  listCustomReports,
  type ReportDefinition,
  runCustomReport,
  type SavedReport,
  saveCustomReport,
} from '../../api.ts';
import { customToolKeys } from './customToolKeys.ts';
import { ReportNameModal } from './ReportNameModal.tsx';
import { ReportResult } from './ReportResult.tsx';
import { DEFAULT_REPORT_INDICATORS, DIMENSION_ORDER, definitionOf, formOfDefinition, maxDaysForDimension, sameDefinition } from './reportForm.ts';
import { SavedReportsCard } from './SavedReportsCard.tsx';

/** What the name dialog is for: a new report (also 'save as'), or renaming a saved one. */
type NameDialog = { kind: 'new' } | { kind: 'rename'; report: SavedReport } | null;

/**
 * The custom report builder (/customTool/analysis): indicators, a dimension (shop, day, week,
 * month, hour, shop x day), shops and a range; run it (chart and table with totals), save it under
 * a name, reopen a saved one (every choice comes back and it runs again), overwrite, rename,
 * delete, export. The chart, table and export always show the report as it last ran.
 */
export function CustomReportPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const indicatorChoices = useReportIndicators();
  const [indicators, setIndicators] = useState<ReportIndicator[]>(() => [...DEFAULT_REPORT_INDICATORS]);
  const [dimension, setDimension] = useState<ReportDimension>('day');
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [ran, setRan] = useState<ReportDefinition | null>(null);
  const [openReport, setOpenReport] = useState<SavedReport | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog>(null);
  useDataUpdateTimeFeed(shops.shopIds, shops.ready);

  const current = definitionOf({ indicators, dimension, range, shopIds: shops.shopIds });
  const result = useQuery({
    queryKey: customToolKeys.report(cid, ran),
    queryFn: ran && cid !== null ? () => runCustomReport(ran) : skipToken,
    placeholderData: keepPreviousData,
  });
  const saved = useQuery({ queryKey: customToolKeys.savedReports(cid), queryFn: listCustomReports, enabled: cid !== null });
  const reloadSaved = () => queryClient.invalidateQueries({ queryKey: customToolKeys.savedReports(cid) });

  /** A range the server would refuse for the dimension is refused here first, with its message. */
  const refuseRange = (next: DateRange, nextDimension: ReportDimension): boolean => {
    const problem = rangeProblem(next, maxDaysForDimension(nextDimension));
    if (!problem) return false;
    const { key, params } = rangeProblemMessage(problem);
    void message.error({ content: t(key, params), key: 'time-selection-error' });
    return true;
  };

  const changeDimension = (next: ReportDimension) => {
    if (!refuseRange(range, next)) setDimension(next);
  };

  const run = () => {
    if (!shops.ready || refuseRange(range, dimension)) return;
    if (ran && sameDefinition(ran, current)) void result.refetch();
    else setRan(current);
  };

  const open = async (report: SavedReport) => {
    if (!shops.tree) return;
    // The list may be older than the report: what runs is what is saved now.
    const fresh = await getCustomReport(report.reportId).catch(() => null);
    if (!fresh) {
      void reloadSaved();
      return;
    }
    const restored = formOfDefinition(fresh.definition, shops.tree, shops.hideClosed);
    setIndicators(restored.form.indicators);
    setDimension(restored.form.dimension);
    setRange(restored.form.range);
    shops.setShopIds(restored.form.shopIds);
    setOpenReport(fresh);
    if (restored.droppedShops > 0) void message.warning(t('traffic:customTool.analysis.droppedShops', { n: restored.droppedShops }));
    if (restored.form.shopIds.length === 0) {
      setRan(null);
      return;
    }
    setRan(definitionOf(restored.form));
  };

  const afterSave = (report: SavedReport) => {
    void message.success(t('traffic:customTool.analysis.savedMessage', { name: report.name }));
    void reloadSaved();
  };

  /** 'Save': overwrites the open report with the current choices, or names a new one. */
  const save = async () => {
    if (!shops.ready || refuseRange(range, dimension)) return;
    if (!openReport) {
      setNameDialog({ kind: 'new' });
      return;
    }
    try {
      const report = await saveCustomReport({ reportId: openReport.reportId, name: openReport.name, definition: current });
      setOpenReport(report);
      afterSave(report);
    } catch {
      // The HTTP client has shown why.
    }
  };

  const saveAs = () => {
    if (shops.ready && !refuseRange(range, dimension)) setNameDialog({ kind: 'new' });
  };

  const submitName = async (name: string) => {
    if (nameDialog?.kind === 'rename') {
      const { report } = nameDialog;
      const renamed = await saveCustomReport({ reportId: report.reportId, name, definition: report.definition });
      if (openReport?.reportId === renamed.reportId) setOpenReport(renamed);
      afterSave(renamed);
    } else {
      const created = await saveCustomReport({ name, definition: current });
      setOpenReport(created);
      afterSave(created);
    }
    setNameDialog(null);
  };

  const remove = async (report: SavedReport) => {
    const deleted = await requestConfirmation({
      title: t('traffic:customTool.analysis.deleteTitle', { name: report.name }),
      body: t('traffic:customTool.analysis.deleteBody'),
      danger: true,
      onConfirm: async () => {
        await deleteCustomReport(report.reportId);
        return true;
      },
    });
    if (!deleted) return;
    if (openReport?.reportId === report.reportId) setOpenReport(null);
    void message.success(t('traffic:customTool.analysis.deleted'));
    await reloadSaved();
  };

  const changed = ran !== null && !sameDefinition(ran, current);
  const table = ran ? result.data : undefined;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="custom-report">
      <AnalyticsToolbar
        shops={shops}
        range={{ value: range, onChange: setRange, maxDays: maxDaysForDimension(dimension) }}
        actions={
          <>
            <Button icon={<SaveOutlined />} onClick={() => void save()} disabled={!shops.ready} data-testid="report-save">
              {t('traffic:customTool.analysis.save')}
            </Button>
            {openReport && (
              <Button onClick={saveAs} disabled={!shops.ready} data-testid="report-save-as">
                {t('traffic:customTool.analysis.saveAs')}
              </Button>
            )}
            <ExportButton
              fileName={openReport?.name ?? t('messages:export.titleCustomReport')}
              download={() => exportAnalyticsTable({ table: 'customReport', query: ran ?? current })}
              disabled={!table}
              testId="report-export"
            />
          </>
        }
      >
        <IndicatorSelect<ReportIndicator>
          value={indicators}
          onChange={setIndicators}
          options={indicatorChoices}
          max={indicatorChoices.length}
          testId="report-indicators"
        />
        <Select<ReportDimension>
          value={dimension}
          onChange={changeDimension}
          options={DIMENSION_ORDER.map((option) => ({ value: option, label: t(`traffic:customTool.analysis.dimensions.${option}`) }))}
          style={{ minWidth: 150 }}
          aria-label={t('traffic:customTool.analysis.dimension')}
          data-testid="report-dimension"
        />
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={run} disabled={!shops.ready} loading={result.isFetching} data-testid="report-run">
          {t('traffic:customTool.analysis.run')}
        </Button>
      </AnalyticsToolbar>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={18}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Space wrap size={8}>
              <SectionHeading style={{ margin: 0 }} testId="report-current-name">
                {openReport?.name ?? t('traffic:customTool.analysis.unsaved')}
              </SectionHeading>
              {table && <Tag>{t(`traffic:customTool.analysis.dimensions.${table.dimension}`)}</Tag>}
              {ran && (
                <Tag data-testid="report-ran-range">
                  {ran.startDate} ~ {ran.endDate}
                </Tag>
              )}
            </Space>
            {changed && <Alert type="info" showIcon title={t('traffic:customTool.analysis.changed')} data-testid="report-changed" />}
            {!shops.ready && shops.tree ? (
              <SelectShopsFirst />
            ) : table ? (
              <ReportResult table={table} loading={result.isFetching} />
            ) : (
              <Card size="small">
                <Empty description={t('traffic:customTool.analysis.notRun')} data-testid="report-not-run" />
              </Card>
            )}
          </Space>
        </Col>
        <Col xs={24} xl={6}>
          <SavedReportsCard
            reports={saved.data ?? []}
            loading={saved.isPending}
            openReportId={openReport?.reportId ?? null}
            onOpen={(report) => void open(report)}
            onRename={(report) => setNameDialog({ kind: 'rename', report })}
            onDelete={(report) => void remove(report)}
          />
        </Col>
      </Row>
      <ReportNameModal
        open={nameDialog !== null}
        title={
          nameDialog?.kind === 'rename'
            ? t('traffic:customTool.analysis.renameTitle', { name: nameDialog.report.name })
            : t('traffic:customTool.analysis.saveTitle')
        }
        initialName={nameDialog?.kind === 'rename' ? nameDialog.report.name : ''}
        onSubmit={submitName}
        onClose={() => setNameDialog(null)}
      />
    </Space>
  );
}
