import { BOARD_SIGNINGS, type BoardKey, type BoardSetting, boardsOperations as ops } from '@storelens/contracts';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { callOperation } from '../../../shared/lib/operations.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';

interface Values {
  address: string;
  signing: (typeof BOARD_SIGNINGS)[number];
  resourceId: string;
  audience: string;
  secret?: string;
}

/** /settings/dataBoards (ours): our operators set each board's address and signing for this customer. */
export function BoardSettingsPage() {
  const { t } = useTranslation('boards');
  const { message } = App.useApp();
  const locale = useSessionStore((state) => state.locale);
  const settings = useOperation(ops.boardSettings, undefined);
  const [editing, setEditing] = useState<BoardSetting | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const signing = Form.useWatch('signing', form);

  const save = async (values: Values) => {
    if (!editing) return;
    setRefusal(null);
    try {
      await callOperation(ops.boardSave, {
        board: editing.board as BoardKey,
        ...values,
        ...(values.secret ? { secret: values.secret } : { secret: undefined }),
      });
      setEditing(null);
      message.success(t('settings.saved'));
      void settings.refetch();
    } catch (error) {
      setRefusal(isHttpError(error) ? error.message : t('settings.failed'));
    }
  };
  return (
    <Card size="small" data-testid="board-settings">
      <Table<BoardSetting>
        rowKey="board"
        size="small"
        pagination={false}
        dataSource={settings.data ?? []}
        loading={settings.isLoading}
        columns={[
          { key: 'board', title: t('settings.board'), render: (_, row) => t(`boards.${row.board}`) },
          { key: 'address', title: t('settings.address'), ellipsis: true, render: (_, row) => row.address || '--' },
          { key: 'signing', title: t('settings.signing'), render: (_, row) => <Tag>{t(`signings.${row.signing}`)}</Tag> },
          {
            key: 'updated',
            title: t('settings.updated'),
            render: (_, row) => (row.updatedAt ? `${formatDateTime(row.updatedAt, locale)} ${row.updatedBy ?? ''}` : '--'),
          },
          {
            key: 'actions',
            title: t('settings.actions'),
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  form.setFieldsValue({ address: row.address, signing: row.signing, resourceId: row.resourceId, audience: row.audience, secret: '' });
                  setRefusal(null);
                  setEditing(row);
                }}
                data-testid={`board-edit-${row.board}`}
              >
                {t('settings.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? t(`boards.${editing.board}`) : ''}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        maskClosable={false}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item name="address" label={t('settings.address')} extra={t('settings.addressHint')}>
            <Input placeholder="https://" data-testid="board-address" />
          </Form.Item>
          <Form.Item name="signing" label={t('settings.signing')}>
            <Select options={BOARD_SIGNINGS.map((value) => ({ value, label: t(`signings.${value}`) }))} data-testid="board-signing" />
          </Form.Item>
          {(signing === 'metabase' || signing === 'superset') && (
            <Form.Item name="resourceId" label={t('settings.resourceId')}>
              <Input />
            </Form.Item>
          )}
          {signing === 'superset' && (
            <Form.Item name="audience" label={t('settings.audience')}>
              <Input />
            </Form.Item>
          )}
          {signing !== 'none' && (
            <Form.Item name="secret" label={t('settings.secret')} extra={editing?.hasSecret ? t('settings.secretKept') : t('settings.secretHint')}>
              <Input.Password autoComplete="new-password" data-testid="board-secret" />
            </Form.Item>
          )}
        </Form>
        {refusal && <Alert type="error" showIcon title={refusal} />}
      </Modal>
    </Card>
  );
}
