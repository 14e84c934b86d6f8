import {
  FLOOR_PLAN,
  type FlowMode,
  firstError,
  occupancyThresholdValueSchema,
  type PlanElement,
  type PlanElementKind,
  REGION_TYPES,
} from '@storelens/contracts';
import { Form, Input, InputNumber, Segmented, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateMessageRef } from '../../../shared/i18n/i18n.ts';
import type { DraftElement } from '../editor/editorModel.ts';

type Changes = Partial<Omit<DraftElement, 'key' | 'elementId' | 'points'>>;

/** The selected shape's properties; each change is one undoable step of the editor. */
export function ElementProperties({
  kind,
  element,
  regions,
  onChange,
}: {
  kind: PlanElementKind;
  element: DraftElement;
  regions: readonly PlanElement[];
  onChange: (changes: Changes) => void;
}) {
  const { t } = useTranslation('floorplan');
  const linkable = regions.filter((region) => region.elementId !== element.elementId);
  const thresholdError = firstError(occupancyThresholdValueSchema, element.occupancyThreshold);
  return (
    <Form layout="vertical" size="small" data-testid="element-properties">
      <Form.Item label={t('tools.name')} htmlFor="element-name">
        <Input id="element-name" value={element.name} maxLength={FLOOR_PLAN.regionNameMaxChars} onChange={(event) => onChange({ name: event.target.value })} />
      </Form.Item>
      <Form.Item label={t('tools.colour')} htmlFor="element-colour">
        <Input
          id="element-colour"
          type="color"
          value={element.colour}
          onChange={(event) => onChange({ colour: event.target.value })}
          style={{ width: 64, padding: 2 }}
        />
      </Form.Item>
      {kind === 'region' ? (
        <>
          <Form.Item label={t('tools.regionType')} htmlFor="element-type">
            <Select
              id="element-type"
              value={element.regionType ?? 'shelf'}
              onChange={(regionType) => onChange({ regionType })}
              options={REGION_TYPES.map((type) => ({ value: type, label: t(`tools.types.${type}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('tools.linked')} htmlFor="element-linked">
            <Select
              id="element-linked"
              value={element.linkedElementId ?? ''}
              onChange={(value) => onChange({ linkedElementId: value || null })}
              options={[{ value: '', label: t('tools.none') }, ...linkable.map((region) => ({ value: region.elementId, label: region.name }))]}
            />
          </Form.Item>
        </>
      ) : null}
      {kind === 'flow' ? (
        <Form.Item label={t('tools.flowMode')}>
          <Segmented<FlowMode>
            value={element.flowMode ?? 'single'}
            onChange={(flowMode) => onChange({ flowMode })}
            options={[
              { value: 'single', label: t('tools.single') },
              { value: 'double', label: t('tools.double') },
            ]}
          />
        </Form.Item>
      ) : null}
      {kind === 'region' || kind === 'halt' ? (
        <Form.Item label={t('tools.minDwell')} htmlFor="element-dwell">
          <InputNumber
            id="element-dwell"
            min={0}
            max={FLOOR_PLAN.maxMinDwellSeconds}
            value={element.minDwellSeconds}
            onChange={(value) => onChange({ minDwellSeconds: Math.round(Number(value ?? FLOOR_PLAN.defaultMinDwellSeconds)) })}
          />
        </Form.Item>
      ) : null}
      {kind === 'region' || kind === 'halt' ? (
        // Live occupancy: more people than this in the zone raise a message (the server refuses what the help refuses).
        <Form.Item
          label={t('occupancyTools.threshold')}
          htmlFor="element-occupancy-threshold"
          validateStatus={thresholdError ? 'error' : undefined}
          help={thresholdError ? <span data-testid="element-occupancy-threshold-error">{translateMessageRef(thresholdError)}</span> : t('occupancyTools.help')}
        >
          <InputNumber<number>
            id="element-occupancy-threshold"
            value={element.occupancyThreshold}
            onChange={(value) => onChange({ occupancyThreshold: value ?? null })}
            data-testid="element-occupancy-threshold"
          />
        </Form.Item>
      ) : null}
      {kind === 'halt' ? (
        <Form.Item label={t('tools.enabled')}>
          <Switch checked={element.enabled} onChange={(enabled) => onChange({ enabled })} aria-label={t('tools.enabled')} />
        </Form.Item>
      ) : null}
    </Form>
  );
}
