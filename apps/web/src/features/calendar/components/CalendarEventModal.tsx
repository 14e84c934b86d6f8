import { type CalendarEvent, Limits } from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessageRef } from '../../../shared/i18n/i18n.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { addCalendarEvent, updateCalendarEvent } from '../api.ts';
import {
  type CalendarEventFormValues,
  EVENT_FIELD_SCHEMAS,
  emptyEventForm,
  eventFormOf,
  eventRangeError,
  eventRequestOf,
  eventShopsError,
  mayChooseAllShops,
  type ShopScope,
} from '../calendarEventForm.ts';
import { ApplicableShopsPicker } from './ApplicableShopsPicker.tsx';
import { EventDatesInput } from './EventDatesInput.tsx';

export interface CalendarEventModalProps {
  open: boolean;
  /** The event being changed; null adds one. */
  event: CalendarEvent | null;
  onClose(): void;
  onSaved(): void;
}

/** A form rule from a check answering a contracts message reference. */
function messageRule<Value>(check: (value: Value) => string | null) {
  return {
    validator: async (_rule: unknown, value: Value) => {
      const error = check(value);
      if (error) throw new Error(translateMessageRef(error));
    },
  };
}

/**
 * Add or change a calendar event (spec section 3: name, date range, applicable stores,
 * description), checked on blur with the contracts rules. 'All stores' is offered to users who
 * see the whole customer; an all-stores event stays so for others (the server refuses them).
 */
export function CalendarEventModal({ open, event, onClose, onSaved }: CalendarEventModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CalendarEventFormValues>();
  const tree = useSessionStore((state) => state.shopTree);
  const shopScope = Form.useWatch('shopScope', form) as ShopScope | undefined;
  const allowAll = mayChooseAllShops(tree);
  const scopeLocked = event?.allShops === true && !allowAll;
  const knownNames = useMemo(() => new Map(event?.shops.map((shop) => [shop.shopId, shop.name])), [event]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(event ? eventFormOf(event) : emptyEventForm());
  }, [open, event, form]);

  const save = useMutation({
    mutationFn: (values: CalendarEventFormValues) => {
      const request = eventRequestOf(values);
      return event ? updateCalendarEvent({ eventId: event.eventId, ...request }) : addCalendarEvent(request);
    },
    onSuccess: () => {
      void message.success(event ? t('calendar:events.saved') : t('calendar:events.added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={event ? t('calendar:events.editTitle', { name: event.name }) : t('calendar:events.addTitle')}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'event-form-submit' }}
      destroyOnHidden
    >
      <Form<CalendarEventFormValues>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={emptyEventForm()}
        onFinish={(values) => save.mutate(values)}
        data-testid="event-form"
      >
        <Form.Item name="name" label={t('calendar:events.fields.name')} rules={[schemaFieldRule(EVENT_FIELD_SCHEMAS.name)]} validateFirst>
          <Input data-testid="event-form-name" />
        </Form.Item>
        <Form.Item name="range" label={t('calendar:events.fields.dates')} validateTrigger={['onChange', 'onBlur']} rules={[messageRule(eventRangeError)]}>
          <EventDatesInput testId="event-form-dates" />
        </Form.Item>
        <Form.Item name="shopScope" label={t('calendar:events.fields.shops')} style={{ marginBottom: 8 }}>
          <Radio.Group disabled={scopeLocked} data-testid="event-form-scope">
            <Radio value="selected" data-testid="event-form-scope-selected">
              {t('calendar:events.scope.selected')}
            </Radio>
            {(allowAll || event?.allShops) && (
              <Radio value="all" data-testid="event-form-scope-all">
                {t('calendar:events.scope.all')}
              </Radio>
            )}
          </Radio.Group>
        </Form.Item>
        {shopScope !== 'all' && (
          <Form.Item
            name="shopIds"
            dependencies={['shopScope']}
            validateTrigger={['onChange']}
            rules={[({ getFieldValue }) => messageRule((shopIds: string[] | undefined) => eventShopsError(getFieldValue('shopScope') as ShopScope, shopIds))]}
          >
            <ApplicableShopsPicker knownNames={knownNames} testId="event-form-shops" />
          </Form.Item>
        )}
        <Form.Item
          name="description"
          label={t('calendar:events.fields.description')}
          rules={[schemaFieldRule(EVENT_FIELD_SCHEMAS.description, { optional: true })]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="event-form-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
