import { CHANNEL_FORMATS, type ChannelRow } from '@storelens/contracts';
import { Alert, App, Form, Input, Modal, Radio, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { addChannel, deleteChannel, updateChannel } from '../api.ts';
import { useChannels, useCrowdRefresh } from '../hooks/useCrowd.ts';

/** Advertising channels an audience is exported for; names are unique ('Cannot overlap with the existing name.'). */
export function ChannelsTab() {
  const { t } = useTranslation('crowd');
  const { message } = App.useApp();
  const locale = useSessionStore((state) => state.locale);
  const channels = useChannels();
  const refresh = useCrowdRefresh();
  const [editing, setEditing] = useState<ChannelRow | 'new' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string; format: 'csv' | 'txt'; description: string }>();

  const save = async (values: { name: string; format: 'csv' | 'txt'; description: string }) => {
    setRefusal(null);
    try {
      if (editing && editing !== 'new') await updateChannel({ channelId: editing.channelId, ...values });
      else await addChannel(values);
      setEditing(null);
      message.success(t('saved'));
      void refresh();
    } catch (error) {
      setRefusal(isHttpError(error) ? error.message : t('saveFailed'));
    }
  };
  const columns: TableColumnsType<ChannelRow> = [
    { key: 'name', title: t('channels.name'), dataIndex: 'name' },
    { key: 'format', title: t('channels.format'), dataIndex: 'format' },
    { key: 'description', title: t('channels.description'), dataIndex: 'description', ellipsis: true },
    { key: 'exports', title: t('channels.exports'), dataIndex: 'exports' },
    { key: 'created', title: t('columns.created'), render: (_, row) => formatDateTime(row.createdAt, locale) },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, row) => (
        <Space size={0}>
          <CanButton
            permission="crowd_create"
            type="link"
            size="small"
            onClick={() => {
              form.setFieldsValue(row);
              setRefusal(null);
              setEditing(row);
            }}
          >
            {t('actions.edit')}
          </CanButton>
          <CanButton permission="crowd_create" type="link" size="small" danger onClick={() => void deleteChannel(row.channelId).then(() => refresh())}>
            {t('actions.delete')}
          </CanButton>
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CanButton
        permission="crowd_create"
        type="primary"
        onClick={() => {
          form.setFieldsValue({ name: '', format: 'csv', description: '' });
          setRefusal(null);
          setEditing('new');
        }}
        data-testid="channel-add"
      >
        {t('channels.add')}
      </CanButton>
      <Table<ChannelRow>
        rowKey="channelId"
        size="small"
        columns={columns}
        dataSource={channels.data ?? []}
        loading={channels.isLoading}
        pagination={false}
        data-testid="channel-list"
      />
      <Modal open={editing !== null} title={t('channels.title')} onOk={() => form.submit()} onCancel={() => setEditing(null)} maskClosable={false} forceRender>
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item name="name" label={t('channels.name')} rules={[{ required: true, message: t('messages:validation.required') }]}>
            <Input maxLength={64} data-testid="channel-name" />
          </Form.Item>
          <Form.Item name="format" label={t('channels.format')}>
            <Radio.Group options={CHANNEL_FORMATS.map((value) => ({ value, label: t(`channels.formats.${value}`) }))} />
          </Form.Item>
          <Form.Item name="description" label={t('channels.description')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Form>
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="channel-refusal" />}
      </Modal>
    </Space>
  );
}
