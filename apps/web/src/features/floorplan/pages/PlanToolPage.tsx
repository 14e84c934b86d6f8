import { firstError, occupancyThresholdValueSchema, floorplanOperations as ops, type PlanElement, type PlanElementKind } from '@storelens/contracts';
import { Alert, App, Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callOperation } from '../../../shared/lib/operations.ts';
import { ElementProperties } from '../components/ElementProperties.tsx';
import { PlanStage } from '../components/PlanStage.tsx';
import { shapesOf } from '../components/planShapes.ts';
import { editorReducer, initialState, saveInputOf } from '../editor/editorModel.ts';
import { usePlanFromQuery } from '../hooks/useFloorplan.ts';
import { GET_STORE_PLAN_PATH } from '../paths.ts';
import '../floorplan.css';

/**
 * One store-plan tool (/settings/getStorePlan/edit for regions, setMask, setDisplay, setHaltArea,
 * setEnterArea, setFlow): the kind's shapes on the plan, drawn by clicks, edited by their handles
 * and the keyboard, saved as a whole (each changed shape becomes a new version, unless only its
 * occupancy threshold changed). The super manager's only (the route's rule and the server's guard).
 */
export function PlanToolPage({ kind }: { kind: PlanElementKind }) {
  const { t } = useTranslation('floorplan');
  const { message } = App.useApp();
  const { planId, plan, elements, image, refresh, box, width } = usePlanFromQuery();

  const [state, dispatch] = useReducer(editorReducer, initialState(kind, { widthM: 1, heightM: 1 }, [], t(`kinds.${kind}`)));
  const own = useMemo(() => (elements.data ?? []).filter((element) => element.kind === kind), [elements.data, kind]);
  const others = useMemo(() => shapesOf((elements.data ?? []).filter((element) => element.kind !== kind)), [elements.data, kind]);
  const regions = useMemo(() => (elements.data ?? []).filter((element) => element.kind === 'region'), [elements.data]);

  // The saved drawing (first load, after a save): the editor starts from it, with the plan's extent.
  const loadedFor = useRef<string | null>(null);
  const stamp = `${plan.data?.id}:${plan.data?.geometryVersion}:${elements.dataUpdatedAt}`;
  useEffect(() => {
    if (!plan.data || !elements.data || loadedFor.current === stamp) return;
    loadedFor.current = stamp;
    dispatch({ type: 'reset', elements: own, extent: { widthM: plan.data.widthM, heightM: plan.data.heightM } });
  }, [plan.data, elements.data, own, stamp]);

  const save = async () => {
    if (!planId) return;
    const saved: PlanElement[] = await callOperation(ops.elementSave, { planId, kind, elements: saveInputOf(state) });
    await refresh();
    dispatch({ type: 'reset', elements: saved });
    message.success(t('tools.saved'));
  };

  if (!planId || plan.isError) return <Alert type="warning" showIcon title={t('plans.notFound')} />;
  if (!plan.data || !elements.data) return <Spin />;
  const selected = state.selection ? state.elements.find((element) => element.key === state.selection?.key) : undefined;
  // A threshold the properties mark as wrong keeps Save off (the server refuses it too).
  const invalid = state.elements.some((element) => firstError(occupancyThresholdValueSchema, element.occupancyThreshold) !== null);
  const drawing = state.drawing !== null;

  return (
    <div className="sl-page" data-testid={`plan-tool-${kind}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Link to={`${GET_STORE_PLAN_PATH}?planId=${planId}`}>{t('plans.back')}</Link>
        <Typography.Text strong>{plan.data.name}</Typography.Text>
        {state.dirty ? <Tag color="orange">{t('tools.unsaved')}</Tag> : null}
      </Space>
      <div className="sl-split">
        <div className="sl-split-main">
          <Card size="small">
            <Space wrap style={{ marginBottom: 8 }}>
              <Button
                type={drawing ? 'primary' : 'default'}
                onClick={() => dispatch({ type: drawing ? 'cancelDrawing' : 'startDrawing' })}
                data-testid="tool-draw"
              >
                {drawing ? t('tools.cancel') : t('tools.draw')}
              </Button>
              {drawing && kind !== 'flow' ? (
                <Button onClick={() => dispatch({ type: 'finishDrawing' })} disabled={(state.drawing?.length ?? 0) < 3} data-testid="tool-finish">
                  {t('tools.finish')}
                </Button>
              ) : null}
              <Button onClick={() => dispatch({ type: 'undo' })} disabled={state.history.length === 0} data-testid="tool-undo">
                {t('tools.undo')}
              </Button>
              <Button danger onClick={() => dispatch({ type: 'deleteSelection' })} disabled={!state.selection} data-testid="tool-delete">
                {t('tools.delete')}
              </Button>
              <Button type="primary" onClick={() => void save().catch(() => undefined)} disabled={!state.dirty || drawing || invalid} data-testid="tool-save">
                {t('tools.save')}
              </Button>
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {kind === 'flow' ? t('tools.hintLine') : t('tools.hintArea')}
            </Typography.Paragraph>
            <div ref={box} className="sl-plan-box">
              <PlanStage
                plan={plan.data}
                image={image}
                width={width}
                shapes={others}
                editor={{ state, dispatch }}
                label={t('tools.canvas')}
                testId="plan-canvas"
              />
            </div>
          </Card>
        </div>
        <div className="sl-split-side sl-plan-side">
          <Card size="small" title={t('tools.shapes')}>
            {state.elements.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tools.noElements')} />
            ) : (
              <ul className="sl-plan-shapes" data-testid="tool-shapes">
                {state.elements.map((element) => (
                  <li key={element.key}>
                    <Button
                      type={element.key === state.selection?.key ? 'primary' : 'text'}
                      size="small"
                      className="sl-plan-shape-button"
                      title={element.name}
                      onClick={() => dispatch({ type: 'select', selection: { key: element.key, vertex: null } })}
                    >
                      <span className="sl-plan-swatch" style={{ background: element.colour }} />
                      <span className="sl-plan-shape-name">
                        {element.name || t(`kinds.${kind}`)} · {t('tools.points', { count: element.points.length })}
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card size="small" title={t('tools.properties')} style={{ marginTop: 12 }}>
            {selected ? (
              <ElementProperties
                kind={kind}
                element={selected}
                regions={regions}
                onChange={(changes) => dispatch({ type: 'change', key: selected.key, changes })}
              />
            ) : (
              <Typography.Text type="secondary">{t('tools.nothingSelected')}</Typography.Text>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
