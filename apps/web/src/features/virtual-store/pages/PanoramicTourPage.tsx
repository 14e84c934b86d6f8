import { type Panorama, RoleId } from '@storelens/contracts';
import { App, Button, Empty, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SelectShopsFirst } from '../../../shared/analytics/SelectShopsFirst.tsx';
import { ShopTreePicker } from '../../../shared/analytics/ShopTreePicker.tsx';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { PanoramaEditor, type PickMode } from '../components/PanoramaEditor.tsx';
import { PanoramaViewer, type PanoramaViewerHandle } from '../components/PanoramaViewer.tsx';
import { usePanoramas } from '../hooks/usePanoramas.ts';
import { camerasOfShop, type DraftHotspot, draftOf, hotspotsOfDraft, liveViewPath, type Spot, tourNodes } from '../tour.ts';

let draftCounter = 0;
const newKey = () => {
  draftCounter += 1;
  return `draft-${draftCounter}`;
};

/**
 * The panoramic tour (/virtualStore/panoramicTour): a store's panoramas in the viewer, linked as a
 * tour; a camera hotspot opens that camera's live view. Administrators (config_page, not the
 * observer: the server's rule) edit the tour beside the viewer.
 */
export function PanoramicTourPage() {
  const { t } = useTranslation('virtualStore');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const shops = useShopSelection('single');
  const shopId = shops.ready ? (shops.shopIds[0] ?? null) : null;
  const { info, loading, upload, update, remove } = usePanoramas(shopId);
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const rid = useSessionStore((state) => state.rid);
  const canEdit = useCan('config_page') === 'shown' && rid !== RoleId.observer;
  const cameras = useMemo(() => camerasOfShop(cameraTree, shopId), [cameraTree, shopId]);
  const viewer = useRef<PanoramaViewerHandle>(null);

  const [editing, setEditing] = useState(false);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ panoramaId: string; spots: DraftHotspot[] } | null>(null);
  const [pick, setPick] = useState<PickMode>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);

  const panoramas = info?.shopId === shopId ? (info?.panoramas ?? []) : [];
  const current: Panorama | null = panoramas.find((panorama) => panorama.id === currentId) ?? panoramas[0] ?? null;
  // Another store or a panorama gone: start from the first.
  useEffect(() => {
    if (current && current.id !== currentId) setCurrentId(current.id);
  }, [current, currentId]);

  const saved = current?.hotspots;
  const savedSpots = useMemo(() => draftOf(saved ?? []), [saved]);
  const spots = draft && current && draft.panoramaId === current.id ? draft.spots : savedSpots;
  const dirty = draft !== null && draft.panoramaId === current?.id;

  const nodes = useMemo(() => {
    const names = new Map(cameras.map((camera) => [camera.cameraId, camera.name]));
    const shown = {
      shopId: shopId ?? '',
      panoramas: panoramas.map((panorama) =>
        editing && panorama.id === current?.id
          ? {
              ...panorama,
              hotspots: spots.map((spot) => ({
                id: spot.key,
                kind: spot.kind,
                yaw: spot.yaw,
                pitch: spot.pitch,
                label: spot.label ?? '',
                cameraId: spot.cameraId ?? null,
                targetPanoramaId: spot.targetPanoramaId ?? null,
              })),
            }
          : panorama,
      ),
    };
    return tourNodes(shown, (cameraId) => names.get(cameraId), t('tour.unnamedCamera'));
  }, [panoramas, editing, current?.id, spots, cameras, shopId, t]);

  const changeDraft = (next: DraftHotspot[]) => current && setDraft({ panoramaId: current.id, spots: next });

  const placeAt = (spot: Spot) => {
    if (!current || !pick) return;
    if (pick.kind === 'move') changeDraft(spots.map((one) => (one.key === pick.key ? { ...one, ...spot } : one)));
    else {
      const key = newKey();
      const other = panoramas.find((panorama) => panorama.id !== current.id);
      changeDraft([
        ...spots,
        pick.kind === 'addCamera'
          ? { key, kind: 'camera', ...spot, label: '', cameraId: cameras[0]?.cameraId ?? null }
          : { key, kind: 'link', ...spot, label: '', targetPanoramaId: other?.id ?? null },
      ]);
      setSelectedKey(key);
    }
    setPick(null);
  };

  const switchPanorama = (nodeId: string) => {
    setCurrentId(nodeId);
    setPick(null);
    setSelectedKey(null);
  };

  const empty = shops.ready && !loading && panoramas.length === 0;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="pano-page">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <ShopTreePicker selection={shops} />
        {canEdit && shops.ready && (
          <Button type={editing ? 'primary' : 'default'} onClick={() => setEditing(!editing)} aria-pressed={editing} data-testid="pano-edit-toggle">
            {editing ? t('editor.close') : t('editor.open')}
          </Button>
        )}
      </Space>
      {!shops.ready && shops.tree ? <SelectShopsFirst /> : null}
      {shops.ready && loading && <Spin aria-label={t('tour.loading')} />}
      {empty && (
        <Empty description={canEdit ? `${t('tour.empty')} ${t('tour.emptyEditor')}` : t('tour.empty')} data-testid="pano-empty">
          {canEdit && !editing && (
            <Button type="primary" onClick={() => setEditing(true)}>
              {t('editor.upload')}
            </Button>
          )}
        </Empty>
      )}
      {current && (
        <section aria-labelledby="pano-tour-heading">
          <SectionHeading>
            <span id="pano-tour-heading">
              {t('tour.panoramas')}: {current.name}
            </span>
          </SectionHeading>
          <Space wrap style={{ marginBottom: 8 }}>
            {panoramas.map((panorama) => (
              <Button
                key={panorama.id}
                size="small"
                type={panorama.id === current.id ? 'primary' : 'default'}
                aria-current={panorama.id === current.id ? 'true' : undefined}
                onClick={() => viewer.current?.goTo(panorama.id)}
                data-testid={`pano-tab-${panorama.id}`}
              >
                {panorama.name}
              </Button>
            ))}
          </Space>
          <PanoramaViewer
            ref={viewer}
            key={shopId ?? ''}
            nodes={nodes}
            startNodeId={current.id}
            editing={editing}
            selectedHotspotId={selectedKey}
            label={t('tour.viewer', { name: current.name })}
            onOpenCamera={(cameraId) => shopId && navigate(liveViewPath(shopId, cameraId))}
            onNodeChanged={switchPanorama}
            onPick={placeAt}
            onSelectHotspot={setSelectedKey}
          />
        </section>
      )}
      {editing && canEdit && shops.ready && (
        <PanoramaEditor
          panoramas={panoramas}
          current={current}
          cameras={cameras}
          draft={spots}
          dirty={dirty}
          pick={pick}
          selectedKey={selectedKey}
          onPick={setPick}
          onSelect={setSelectedKey}
          onDraftChange={changeDraft}
          onSaveHotspots={async () => {
            if (!current) return;
            await update({ panoramaId: current.id, hotspots: hotspotsOfDraft(spots) });
            setDraft(null);
            message.success(t('editor.saved'));
          }}
          onUseCurrentView={async () => {
            const position = viewer.current?.position();
            if (!current || !position) return;
            await update({ panoramaId: current.id, initialYaw: position.yaw, initialPitch: position.pitch });
            message.success(t('editor.initialViewSaved'));
          }}
          onRename={async (name) => {
            if (current) await update({ panoramaId: current.id, name });
          }}
          onDelete={async () => {
            if (!current) return;
            await remove(current.id);
            setDraft(null);
            message.success(t('editor.deleted'));
          }}
          onUpload={async (file, name, onProgress) => {
            const added = await upload(file, name, onProgress);
            setCurrentId(added.id);
          }}
        />
      )}
    </Space>
  );
}
