import { RECORD_MODES, streamUrlSchema, VIDEO_SOURCE_KINDS } from '@storelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchVideoSource, saveVideoSource } from '../api.ts';
import { deviceKeys, useCid } from '../hooks/useDevices.ts';
import { canManageVideoSource, formValuesOf, saveInputOf, type VideoSourceValues } from './videoSource.ts';

/**
 * A camera's video source (issue 12 section 1): a stream the server pulls (its address) or an edge
 * box that keeps its own recordings, recorded continuously or on demand. Shown only to those the
 * server lets manage cameras; the address comes back without its user and password and is never
 * shown otherwise (videoSource.ts says how an unchanged address keeps them).
 */
export function VideoSourceCard({ cameraId }: { cameraId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cid = useCid();
  const queryClient = useQueryClient();
  const allowed = useSessionStore((state) => canManageVideoSource(state.permissionMap, state.rid));
  const queryKey = [...deviceKeys.cameras(cid), 'videoSource', cameraId];
  const source = useQuery({ queryKey, queryFn: () => fetchVideoSource(cameraId), enabled: allowed && cid !== null });
  const [form] = Form.useForm<VideoSourceValues>();
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (source.data !== undefined) form.setFieldsValue(formValuesOf(source.data));
  }, [source.data, form]);

  const save = useMutation({
    mutationFn: (values: VideoSourceValues) => saveVideoSource(saveInputOf(cameraId, values, source.data ?? null)),
    onSuccess: (saved) => {
      void message.success(t('devices:source.saved'));
      queryClient.setQueryData(queryKey, saved);
      // The field shows the answer: an address typed with a password does not stay on screen in clear.
      form.setFieldsValue(formValuesOf(saved));
    },
  });

  if (!allowed) return null;
  return (
    <Card size="small" title={t('devices:source.title')} data-testid="video-source-card">
      {source.isPending ? (
        <Skeleton active />
      ) : (
        <Form<VideoSourceValues>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          style={{ maxWidth: 640 }}
          initialValues={formValuesOf(source.data ?? null)}
          onFinish={(values) => save.mutate(values)}
        >
          <Typography.Paragraph type="secondary">{t('devices:source.intro')}</Typography.Paragraph>
          {source.data === null && <Alert type="info" showIcon title={t('devices:source.none')} style={{ marginBottom: 16 }} data-testid="video-source-none" />}
          <Form.Item name="kind" label={t('devices:source.kind')}>
            <Radio.Group options={VIDEO_SOURCE_KINDS.map((value) => ({ value, label: t(`devices:source.kinds.${value}`) }))} data-testid="video-source-kind" />
          </Form.Item>
          {kind === 'edge' ? (
            <Typography.Paragraph type="secondary" data-testid="video-source-edge-note">
              {t('devices:source.edgeNote')}
            </Typography.Paragraph>
          ) : (
            <Form.Item name="url" label={t('devices:source.url')} rules={[schemaFieldRule(streamUrlSchema)]} extra={t('devices:source.urlHint')}>
              <Input
                placeholder="rtsp://user:password@192.168.1.64:554/Streaming/Channels/101"
                autoComplete="off"
                spellCheck={false}
                data-testid="video-source-url"
              />
            </Form.Item>
          )}
          <Form.Item name="record" label={t('devices:source.record')}>
            <Radio.Group options={RECORD_MODES.map((value) => ({ value, label: t(`devices:source.records.${value}`) }))} data-testid="video-source-record" />
          </Form.Item>
          <CanButton permission="config_page" type="primary" htmlType="submit" loading={save.isPending} data-testid="video-source-save">
            {t('devices:source.save')}
          </CanButton>
        </Form>
      )}
    </Card>
  );
}
