import { ALARM_ERROR_KINDS, type AlarmErrorKind, RoleId } from '@storelens/contracts';
import { App, Button, Flex, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { reportAlarmError, useAlarmRefresh } from '../api.ts';

/**
 * 'Report AI error' on an alarm (the spec's AI error report): what the AI got wrong and, if the
 * person likes, how. One report per person and alarm; a second says the first is already in.
 */
export function ReportErrorButton({ alarmId }: { alarmId: string }) {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const refresh = useAlarmRefresh();
  const allowed = useCan('ai_error_report') === 'shown';
  const observer = useSessionStore((state) => state.rid === RoleId.observer);
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<AlarmErrorKind>('falseDetection');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  if (!allowed || observer) return null;
  const send = async () => {
    setSaving(true);
    try {
      const { created } = await reportAlarmError({ alarmId, kind, ...(description.trim() ? { description: description.trim() } : {}) });
      void message.success(t(created ? 'report.sent' : 'report.already'));
      setOpen(false);
      setDescription('');
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="alarm-report-error">
        {t('report.button')}
      </Button>
      <Modal
        open={open}
        title={t('report.title')}
        okText={t('report.send')}
        onOk={() => void send()}
        okButtonProps={{ loading: saving, 'data-testid': 'alarm-report-send' }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Select
            value={kind}
            onChange={setKind}
            options={ALARM_ERROR_KINDS.map((value) => ({ value, label: t(`errorKind.${value}`) }))}
            aria-label={t('incident.kind')}
            data-testid="alarm-report-kind"
          />
          <Input.TextArea
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={500}
            showCount
            rows={3}
            placeholder={t('report.descriptionPlaceholder')}
            aria-label={t('report.description')}
            data-testid="alarm-report-description"
          />
        </Flex>
      </Modal>
    </>
  );
}
