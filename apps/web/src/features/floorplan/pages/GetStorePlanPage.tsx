import { type CameraPoint, floorplanOperations as ops, PLAN_ELEMENT_KINDS, type PlanPointDto } from '@storelens/contracts';
import { Alert, App, Button, Card, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { callOperation, postFormToOperation } from '../../../shared/lib/operations.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { RecomputeNotice } from '../analysis/RecomputeNotice.tsx';
import { CameraPointForm, type FootprintPreview } from '../components/CameraPointForm.tsx';
import { type FootprintView, PlanStage } from '../components/PlanStage.tsx';
import { shapesOf } from '../components/planShapes.ts';
import { RegionVisibility } from '../components/RegionVisibility.tsx';
import { useCanEditStorePlan, usePlanFromQuery } from '../hooks/useFloorplan.ts';
import { STORE_PLAN_PATH, TOOL_PATHS, TOOL_TITLE_KEYS } from '../paths.ts';
import '../floorplan.css';

/**
 * One floor plan (/settings/passengerFlow/getStorePlan?planId=, hidden): the plan with its drawings
 * and each camera's field of view, the camera points (placed with a form that draws the footprint
 * live), their Excel export and upload, and the drawing tools for the super manager.
 */
export function GetStorePlanPage() {
  const { t } = useTranslation('floorplan');
  const { message } = App.useApp();
  const { planId, plan, elements, image, refresh, box, width } = usePlanFromQuery();
  const points = useOperation(ops.cameraPointList, { planId: planId ?? '' }, { enabled: Boolean(planId) });
  const shopCameras = useOperation(ops.cameraPointAll, { shopId: plan.data?.shopId ?? '' }, { enabled: Boolean(plan.data) });
  const canEdit = useCanEditStorePlan();
  const [form, setForm] = useState<{ point: CameraPoint | null } | null>(null);
  const [preview, setPreview] = useState<FootprintPreview | null>(null);
  const onPreview = useCallback((next: FootprintPreview | null) => setPreview(next), []);
  const [picked, setPicked] = useState<{ point: PlanPointDto; seq: number } | null>(null);
  const onPick = useCallback((point: PlanPointDto) => setPicked((last) => ({ point, seq: (last?.seq ?? 0) + 1 })), []);

  const footprints: FootprintView[] = useMemo(() => {
    const editingCamera = form?.point?.cameraId;
    const saved = (points.data ?? [])
      .filter((point) => point.cameraId !== editingCamera || !preview)
      .map((point) => ({
        key: point.cameraId,
        points: point.footprint,
        label: point.cameraName,
        camera: { at: { x: point.installXM, y: point.installYM }, toward: { x: point.towardXM, y: point.towardYM } },
      }));
    return preview && form ? [...saved, { key: 'preview', points: preview.footprint, label: '', camera: preview.camera, highlight: true }] : saved;
  }, [points.data, preview, form]);

  if (!planId || plan.isError) return <Alert type="warning" showIcon title={t('plans.notFound')} />;
  if (!plan.data) return <Spin />;
  const current = plan.data;

  const exportSheet = async () => {
    const blob = await callOperation(ops.cameraPointExport, { planId: current.id });
    saveBlob(blob, `${current.name}-cameras.xlsx`);
  };
  const remove = (point: CameraPoint) =>
    requestConfirmation({
      title: t('cameras.removeConfirm', { name: point.cameraName }),
      danger: true,
      onConfirm: async () => {
        await callOperation(ops.cameraPointDelete, { cameraId: point.cameraId });
        await refresh();
        message.success(t('cameras.removed'));
      },
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="get-store-plan-page">
      <Space wrap>
        <Link to={STORE_PLAN_PATH}>{t('plans.back')}</Link>
        <Typography.Text strong>{current.name}</Typography.Text>
        <Tag>{t('plans.sizeValue', { width: current.widthM.toFixed(1), height: current.heightM.toFixed(1) })}</Tag>
        {current.active ? <Tag color="green">{t('plans.active')}</Tag> : null}
      </Space>
      <RecomputeNotice planId={current.id} />
      {!canEdit ? (
        <Alert type="info" showIcon title={`${t('plans.readOnly')} ${t('messages:errors.contactAccountManager')}`} data-testid="contact-account-manager" />
      ) : null}
      {canEdit ? (
        <Card size="small" title={t('tools.title')}>
          <Space wrap>
            {PLAN_ELEMENT_KINDS.map((kind) => (
              <Link key={kind} to={`${TOOL_PATHS[kind]}?planId=${current.id}`} data-testid={`tool-link-${kind}`}>
                {t(TOOL_TITLE_KEYS[kind])}
              </Link>
            ))}
          </Space>
        </Card>
      ) : null}
      <Card size="small">
        <div ref={box} className="sl-plan-box">
          <PlanStage
            plan={current}
            image={image}
            width={width}
            shapes={shapesOf(elements.data ?? [])}
            footprints={footprints}
            label={current.name}
            testId="plan-view"
            {...(form ? { onPick } : {})}
          />
        </div>
      </Card>
      <Card
        size="small"
        title={t('cameras.title')}
        extra={
          <Space wrap>
            <Button onClick={() => void exportSheet().catch(() => undefined)} data-testid="camera-export">
              {t('cameras.export')}
            </Button>
            {canEdit ? (
              <>
                <Upload
                  accept=".xlsx"
                  showUploadList={false}
                  customRequest={({ file, onSuccess, onError }) => {
                    const body = new FormData();
                    body.append('planId', current.id);
                    body.append('file', file as Blob, (file as File).name);
                    postFormToOperation(ops.cameraPointUpload, body)
                      .then(async (answer) => {
                        await refresh();
                        message.success(t('cameras.uploaded', { count: answer.saved }));
                        onSuccess?.(answer);
                      })
                      .catch((error: Error) => onError?.(error));
                  }}
                >
                  <Button>{t('cameras.upload')}</Button>
                </Upload>
                <Button type="primary" onClick={() => setForm({ point: null })} data-testid="camera-place">
                  {t('cameras.place')}
                </Button>
              </>
            ) : null}
          </Space>
        }
      >
        <Table<CameraPoint>
          rowKey="id"
          size="small"
          pagination={false}
          loading={points.isFetching}
          dataSource={points.data ?? []}
          locale={{ emptyText: t('cameras.empty') }}
          data-testid="camera-point-table"
          columns={[
            { title: t('cameras.camera'), dataIndex: 'cameraName' },
            { title: t('messages:floorplan.colCameraNumber'), dataIndex: 'cameraNumber' },
            { title: t('messages:floorplan.colInstallPosition'), dataIndex: 'installPosition' },
            { title: t('cameras.source'), dataIndex: 'source', render: (source: CameraPoint['source']) => t(`cameras.${source}`) },
            {
              title: t('cameras.error'),
              dataIndex: 'calibrationErrorM',
              render: (error: number | null) => (error === null ? '—' : t('cameras.errorValue', { metres: error.toFixed(2) })),
            },
            ...(canEdit
              ? [
                  {
                    title: t('plans.actions'),
                    key: 'actions',
                    render: (_: unknown, point: CameraPoint) => (
                      <Space size={4}>
                        <Button size="small" type="link" onClick={() => setForm({ point })}>
                          {t('cameras.edit')}
                        </Button>
                        <Button size="small" type="link" danger onClick={() => void remove(point)}>
                          {t('cameras.remove')}
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <RegionVisibility planId={current.id} elements={elements.data ?? []} canEdit={canEdit} onChanged={refresh} />
      {form ? (
        <CameraPointForm
          plan={current}
          cameras={shopCameras.data ?? []}
          point={form.point}
          onPreview={onPreview}
          picked={picked}
          onClose={() => {
            setForm(null);
            setPreview(null);
          }}
          onSaved={() => {
            setForm(null);
            setPreview(null);
            void refresh();
            message.success(t('cameras.saved'));
          }}
        />
      ) : null}
    </Space>
  );
}
