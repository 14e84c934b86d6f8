import {
  type CameraPoint,
  cam2DmapRequestSchema,
  FLOOR_PLAN,
  type FloorPlan,
  floorplanOperations as ops,
  type PlanPointDto,
  type ShopCamera,
} from '@storelens/contracts';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { callOperation } from '../../../shared/lib/operations.ts';
import {
  CALIBRATION_WARN_M,
  type CalibrationFit,
  calibrationFit,
  canAddPair,
  canRemovePair,
  completePairs,
  type PairRow,
  pairRowsOf,
  withAddedPair,
  withoutPair,
  withPickedPixel,
  withPickedPoint,
} from '../editor/calibrationPairs.ts';
import { CameraSnapshot } from './CameraSnapshot.tsx';

const NUMBER_FIELDS = [
  ['focalX', 'colFocalX'],
  ['focalY', 'colFocalY'],
  ['calibWidth', 'colCalibWidth'],
  ['calibHeight', 'colCalibHeight'],
  ['tiltDeg', 'colTilt'],
  ['installHeightM', 'colInstallHeight'],
  ['installXM', 'colInstallX'],
  ['installYM', 'colInstallY'],
  ['towardXM', 'colTowardX'],
  ['towardYM', 'colTowardY'],
] as const;

const PAIR_LABELS = { u: 'cameras.pixelU', v: 'cameras.pixelV', x: 'cameras.planX', y: 'cameras.planY' } as const;

type Values = Record<(typeof NUMBER_FIELDS)[number][0], number | null> & { cameraId: string; installPosition?: string };

/** How long typing pauses before the plan asks for the footprint (cam2Dmap). */
const PREVIEW_DEBOUNCE_MS = 400;

export interface FootprintPreview {
  footprint: PlanPointDto[];
  camera: { at: PlanPointDto; toward: PlanPointDto };
}

function defaultsFor(plan: FloorPlan): Omit<Values, 'cameraId'> {
  return {
    focalX: 500,
    focalY: 500,
    calibWidth: 640,
    calibHeight: 480,
    tiltDeg: 60,
    installHeightM: 3,
    installXM: Math.round(plan.widthM / 2),
    installYM: Math.round(plan.heightM / 4),
    towardXM: Math.round(plan.widthM / 2),
    towardYM: Math.round(plan.heightM / 2),
    installPosition: '',
  };
}

/**
 * The camera point form (spec section 3): while the person types, the plan shows what the camera
 * would see (cam2Dmap, debounced; parameters the server refuses explain themselves in the error modal).
 */
export function CameraPointForm({
  plan,
  cameras,
  point,
  onClose,
  onSaved,
  onPreview,
  picked,
}: {
  plan: FloorPlan;
  cameras: readonly ShopCamera[];
  point: CameraPoint | null;
  onClose: () => void;
  onSaved: () => void;
  onPreview: (preview: FootprintPreview | null) => void;
  /** The last point clicked on the plan (seq tells one click from the next at the same place). */
  picked: { point: PlanPointDto; seq: number } | null;
}) {
  const { t } = useTranslation('floorplan');
  const [form] = Form.useForm<Values>();
  const [values, setValues] = useState<Partial<Values>>(() =>
    point ? { ...point } : { ...defaultsFor(plan), cameraId: cameras.find((camera) => !camera.point)?.cameraId ?? cameras[0]?.cameraId ?? '' },
  );
  const [usePairs, setUsePairs] = useState(Boolean(point?.calibrationPairs));
  const [rows, setRows] = useState<PairRow[]>(() => pairRowsOf(point?.calibrationPairs));
  const [pickRow, setPickRow] = useState(0);
  /** How well the pairs fit, from the last preview, with the pairs it was computed for (as JSON). */
  const [fit, setFit] = useState<{ pairs: string; fit: CalibrationFit | null } | null>(null);
  const pairs = usePairs ? completePairs(rows) : null;
  const debounced = useDebouncedValue({ values, pairs }, PREVIEW_DEBOUNCE_MS);
  const [busy, setBusy] = useState(false);

  // A click on the plan fills the plan side of the row being picked, then moves to the next row.
  const seq = picked?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new click (seq) fills a row, not a change of the row being picked
  useEffect(() => {
    if (!picked || !usePairs) return;
    setRows((current) => withPickedPoint(current, pickRow, picked.point));
    setPickRow((row) => (row + 1) % rows.length);
  }, [seq]);

  const parsed = useMemo(
    () => cam2DmapRequestSchema.safeParse({ ...debounced.values, ...(debounced.pairs ? { calibrationPairs: debounced.pairs } : {}), planId: plan.id }),
    [debounced, plan.id],
  );
  useEffect(() => {
    if (!parsed.success) return undefined;
    const controller = new AbortController();
    const input = parsed.data;
    void callOperation(ops.cam2Dmap, input, { signal: controller.signal })
      .then((answer) => {
        setFit({ pairs: JSON.stringify(input.calibrationPairs ?? null), fit: calibrationFit(answer) });
        onPreview({
          footprint: answer.footprint,
          camera: { at: { x: input.installXM, y: input.installYM }, toward: { x: input.towardXM, y: input.towardYM } },
        });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setFit(null);
        onPreview(null);
      });
    return () => controller.abort();
  }, [parsed, onPreview]);
  // The error shown belongs to the pairs as they are now: none while a row is incomplete, or while the
  // preview of the pairs just typed or clicked is still to come.
  const shownFit = pairs && fit?.pairs === JSON.stringify(pairs) ? fit.fit : null;

  const save = async () => {
    const checked = await form.validateFields();
    setBusy(true);
    try {
      await callOperation(ops.cameraPointSave, {
        planId: plan.id,
        cameraId: checked.cameraId,
        installPosition: checked.installPosition ?? '',
        ...(Object.fromEntries(NUMBER_FIELDS.map(([field]) => [field, Number(checked[field])])) as Record<(typeof NUMBER_FIELDS)[number][0], number>),
        calibrationPairs: pairs,
      });
      onSaved();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open
      title={t('cameras.form')}
      onClose={onClose}
      size={380}
      mask={false}
      extra={
        <Button type="primary" onClick={() => void save().catch(() => undefined)} loading={busy} data-testid="camera-point-save">
          {t('tools.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('cameras.previewHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" size="small" initialValues={values} onValuesChange={(_, all) => setValues(all)} data-testid="camera-point-form">
        <Form.Item name="cameraId" label={t('cameras.cameraPicker')} rules={[{ required: true }]}>
          <Select
            disabled={point !== null}
            options={cameras.map((camera) => ({ value: camera.cameraId, label: `${camera.name} (${camera.number})` }))}
            data-testid="camera-point-camera"
          />
        </Form.Item>
        <Form.Item name="installPosition" label={t('messages:floorplan.colInstallPosition')}>
          <Input maxLength={60} />
        </Form.Item>
        {NUMBER_FIELDS.map(([field, label]) => (
          <Form.Item key={field} name={field} label={t(`messages:floorplan.${label}`)} rules={[{ required: true }]}>
            <InputNumber style={{ width: '100%' }} data-testid={`camera-point-${field}`} />
          </Form.Item>
        ))}
      </Form>
      <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="camera-point-pairs">
        <Space>
          <Switch checked={usePairs} onChange={setUsePairs} aria-label={t('cameras.pairs')} data-testid="camera-point-pairs-switch" />
          <Typography.Text strong>{t('cameras.pairs')}</Typography.Text>
        </Space>
        {usePairs ? (
          <>
            <Typography.Text type="secondary">{t('cameras.pairsHint')}</Typography.Text>
            <CameraSnapshot
              cameraId={values.cameraId ?? ''}
              calibration={values.calibWidth && values.calibHeight ? { width: values.calibWidth, height: values.calibHeight } : null}
              rows={rows}
              pickRow={pickRow}
              onPick={(pixel) => setRows((current) => withPickedPixel(current, pickRow, pixel))}
            />
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position in the list of pairs
              <Space key={index} size={4} wrap data-testid={`camera-point-pair-${index + 1}`}>
                {(['u', 'v', 'x', 'y'] as const).map((field) => (
                  <InputNumber
                    key={field}
                    size="small"
                    style={{ width: 72 }}
                    value={row[field]}
                    aria-label={`${t(PAIR_LABELS[field])} ${index + 1}`}
                    placeholder={field}
                    onChange={(value) => setRows((current) => current.map((r, i) => (i === index ? { ...r, [field]: value ?? null } : r)))}
                  />
                ))}
                <Button size="small" type={pickRow === index ? 'primary' : 'default'} onClick={() => setPickRow(index)} aria-pressed={pickRow === index}>
                  {t('cameras.pickOnPlan')}
                </Button>
                <Button
                  size="small"
                  type="text"
                  danger
                  disabled={!canRemovePair(rows)}
                  aria-label={t('calibration.removePair', { n: index + 1 })}
                  onClick={() => {
                    const next = withoutPair(rows, index, pickRow);
                    setRows(next.rows);
                    setPickRow(next.pickRow);
                  }}
                >
                  ×
                </Button>
              </Space>
            ))}
            <Button size="small" disabled={!canAddPair(rows)} onClick={() => setRows(withAddedPair)} data-testid="camera-point-pair-add">
              {t('calibration.addPair', { max: FLOOR_PLAN.maxCalibrationPairs })}
            </Button>
            <CalibrationFitNote fit={shownFit} pairs={pairs?.length ?? 0} />
          </>
        ) : null}
      </Space>
    </Drawer>
  );
}

/**
 * How far the fitted mapping puts the clicked plan points from where they were clicked (RMS and
 * worst, metres): four pairs always fit exactly, so the figure means something from the fifth on.
 */
function CalibrationFitNote({ fit, pairs }: { fit: CalibrationFit | null; pairs: number }) {
  const { t } = useTranslation('floorplan');
  if (!fit) return <Typography.Text type="secondary">{t('calibration.errorPending')}</Typography.Text>;
  const figures = t('calibration.errorValue', { rms: fit.rmsM.toFixed(2), worst: fit.maxM.toFixed(2) });
  const hint =
    pairs <= FLOOR_PLAN.minCalibrationPairs
      ? t('calibration.exactFit')
      : fit.poor
        ? t('calibration.errorPoor', { limit: CALIBRATION_WARN_M.toFixed(1) })
        : t('calibration.errorGood', { limit: CALIBRATION_WARN_M.toFixed(1) });
  return (
    <Alert
      type={fit.poor ? 'warning' : 'info'}
      showIcon
      title={figures}
      description={hint}
      data-testid="camera-point-fit"
      data-rms={fit.rmsM}
      data-worst={fit.maxM}
    />
  );
}
