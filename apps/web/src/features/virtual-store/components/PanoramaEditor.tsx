import { PANORAMA, type Panorama } from '@storelens/contracts';
import { App, Button, Empty, Input, List, Progress, Select, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import type { DraftHotspot } from '../tour.ts';

/** What the next click in the viewer does: place a new hotspot, move one, or nothing. */
export type PickMode = { kind: 'addCamera' } | { kind: 'addLink' } | { kind: 'move'; key: string } | null;

export interface PanoramaEditorProps {
  panoramas: readonly Panorama[];
  current: Panorama | null;
  cameras: readonly { cameraId: string; name: string }[];
  draft: readonly DraftHotspot[];
  dirty: boolean;
  pick: PickMode;
  selectedKey: string | null;
  onPick(mode: PickMode): void;
  onSelect(key: string | null): void;
  onDraftChange(draft: DraftHotspot[]): void;
  onSaveHotspots(): Promise<void>;
  onUseCurrentView(): Promise<void>;
  onRename(name: string): Promise<void>;
  onDelete(): Promise<void>;
  onUpload(file: File, name: string, onProgress: (fraction: number) => void): Promise<void>;
}

/**
 * The tour editor (administrators): upload a panorama (with progress; a refusal is the server's
 * message in the HTTP client's modal), rename, set the initial view from the current view, delete;
 * hotspots and links placed, moved and removed by clicking in the viewer, saved as a whole.
 */
export function PanoramaEditor(props: PanoramaEditorProps) {
  const { t } = useTranslation('virtualStore');
  const { message } = App.useApp();
  const { current, draft } = props;
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [rename, setRename] = useState<{ id: string; value: string } | null>(null);
  const others = props.panoramas.filter((panorama) => panorama.id !== current?.id);
  const change = (key: string, patch: Partial<DraftHotspot>) => props.onDraftChange(draft.map((spot) => (spot.key === key ? { ...spot, ...patch } : spot)));

  const upload = async () => {
    if (!file) return;
    setProgress(0);
    try {
      await props.onUpload(file, name.trim() || file.name.replace(/\.[^.]+$/, ''), (fraction) => setProgress(Math.round(fraction * 100)));
      message.success(t('editor.uploaded'));
      setFile(null);
      setName('');
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setProgress(null);
    }
  };

  const renameValue = rename && rename.id === current?.id ? rename.value : (current?.name ?? '');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="pano-editor">
      <section aria-labelledby="pano-upload-heading">
        <SectionHeading>
          <span id="pano-upload-heading">{t('editor.upload')}</span>
        </SectionHeading>
        <Space wrap>
          <Input
            aria-label={t('editor.name')}
            placeholder={t('editor.name')}
            value={name}
            maxLength={PANORAMA.nameMaxChars}
            onChange={(event) => setName(event.target.value)}
            style={{ width: 220 }}
            data-testid="pano-upload-name"
          />
          <Upload
            accept=".jpg,.jpeg,image/jpeg"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
          >
            <Button data-testid="pano-choose-file">{file ? file.name : t('editor.chooseFile')}</Button>
          </Upload>
          <Button type="primary" disabled={!file || progress !== null} onClick={upload} data-testid="pano-upload">
            {t('editor.upload')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('editor.limits', {
            minWidth: PANORAMA.minWidth,
            minHeight: PANORAMA.minHeight,
            maxWidth: PANORAMA.maxWidth,
            maxHeight: PANORAMA.maxHeight,
            mb: PANORAMA.maxBytes / 1024 / 1024,
          })}
        </Typography.Paragraph>
        {progress !== null && <Progress percent={progress} aria-label={t('editor.uploading')} data-testid="pano-upload-progress" />}
      </section>

      {current && (
        <section aria-labelledby="pano-current-heading">
          <SectionHeading>
            <span id="pano-current-heading">
              {t('editor.current')}: {current.name}
            </span>
          </SectionHeading>
          <Space wrap>
            <Input
              aria-label={t('editor.name')}
              value={renameValue}
              maxLength={PANORAMA.nameMaxChars}
              onChange={(event) => setRename({ id: current.id, value: event.target.value })}
              style={{ width: 220 }}
              data-testid="pano-rename-input"
            />
            <Button disabled={!renameValue.trim() || renameValue === current.name} onClick={() => props.onRename(renameValue.trim())} data-testid="pano-rename">
              {t('editor.rename')}
            </Button>
            <Button onClick={props.onUseCurrentView} data-testid="pano-initial-view">
              {t('editor.initialView')}
            </Button>
            <Button
              danger
              onClick={() =>
                requestConfirmation({
                  title: t('editor.deletePanorama'),
                  body: t('editor.confirmDelete', { name: current.name }),
                  danger: true,
                  onConfirm: props.onDelete,
                })
              }
              data-testid="pano-delete"
            >
              {t('editor.deletePanorama')}
            </Button>
          </Space>
        </section>
      )}

      {current && (
        <section aria-labelledby="pano-hotspots-heading">
          <SectionHeading>
            <span id="pano-hotspots-heading">{t('editor.hotspots')}</span>
          </SectionHeading>
          <Space wrap style={{ marginBottom: 8 }}>
            <Button disabled={props.cameras.length === 0} onClick={() => props.onPick({ kind: 'addCamera' })} data-testid="pano-add-camera">
              {t('editor.addCamera')}
            </Button>
            <Button disabled={others.length === 0} onClick={() => props.onPick({ kind: 'addLink' })} data-testid="pano-add-link">
              {t('editor.addLink')}
            </Button>
            <Button type="primary" disabled={!props.dirty} onClick={props.onSaveHotspots} data-testid="pano-save-hotspots">
              {t('editor.save')}
            </Button>
            {props.dirty && <Tag color="warning">{t('editor.unsaved')}</Tag>}
          </Space>
          {props.pick && (
            <Space role="status" style={{ display: 'flex', marginBottom: 8 }}>
              <Typography.Text strong data-testid="pano-pick-hint">
                {props.pick.kind === 'move' ? t('editor.clickToMove') : t('editor.clickToPlace')}
              </Typography.Text>
              <Button size="small" onClick={() => props.onPick(null)}>
                {t('editor.cancel')}
              </Button>
            </Space>
          )}
          {draft.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('editor.noHotspots')} />
          ) : (
            <List
              size="small"
              bordered
              dataSource={[...draft]}
              rowKey="key"
              renderItem={(spot) => (
                <List.Item
                  data-testid="pano-hotspot-row"
                  style={spot.key === props.selectedKey ? { background: '#fffbe6' } : undefined}
                  onClick={() => props.onSelect(spot.key)}
                  actions={[
                    <Button key="move" size="small" onClick={() => props.onPick({ kind: 'move', key: spot.key })}>
                      {t('editor.move')}
                    </Button>,
                    <Button key="remove" size="small" danger onClick={() => props.onDraftChange(draft.filter((one) => one.key !== spot.key))}>
                      {t('editor.remove')}
                    </Button>,
                  ]}
                >
                  <Space wrap>
                    <Tag color={spot.kind === 'camera' ? 'blue' : 'green'}>{spot.kind === 'camera' ? t('editor.kindCamera') : t('editor.kindLink')}</Tag>
                    {spot.kind === 'camera' ? (
                      <Select
                        aria-label={t('editor.camera')}
                        style={{ width: 200 }}
                        value={spot.cameraId ?? undefined}
                        options={props.cameras.map((camera) => ({ value: camera.cameraId, label: camera.name }))}
                        onChange={(cameraId: string) => change(spot.key, { cameraId })}
                      />
                    ) : (
                      <Select
                        aria-label={t('editor.target')}
                        style={{ width: 200 }}
                        value={spot.targetPanoramaId ?? undefined}
                        options={others.map((panorama) => ({ value: panorama.id, label: panorama.name }))}
                        onChange={(targetPanoramaId: string) => change(spot.key, { targetPanoramaId })}
                      />
                    )}
                    <Input
                      aria-label={t('editor.label')}
                      placeholder={t('editor.label')}
                      value={spot.label ?? ''}
                      maxLength={PANORAMA.labelMaxChars}
                      onChange={(event) => change(spot.key, { label: event.target.value })}
                      style={{ width: 180 }}
                    />
                  </Space>
                </List.Item>
              )}
            />
          )}
        </section>
      )}
    </Space>
  );
}
