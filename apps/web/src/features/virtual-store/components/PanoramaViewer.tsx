import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import '@photo-sphere-viewer/virtual-tour-plugin/index.css';
import { type Position, Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import { type MarkerConfig, MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { type VirtualTourNode, VirtualTourPlugin } from '@photo-sphere-viewer/virtual-tour-plugin';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/lib/http.ts';
import type { Spot, TourNode } from '../tour.ts';
import './panorama.css';

export interface PanoramaViewerHandle {
  /** Where the viewer looks now (the editor's 'use the current view'). */
  position(): Spot | null;
  goTo(nodeId: string): void;
}

export interface PanoramaViewerProps {
  nodes: readonly TourNode[];
  /** The panorama shown first (and kept when the nodes change). */
  startNodeId: string;
  /** Editing: links do not navigate, every hotspot is a marker the editor can select, clicks place hotspots. */
  editing: boolean;
  /** The hotspot the editor has selected (drawn highlighted). */
  selectedHotspotId?: string | null;
  label: string;
  onOpenCamera(cameraId: string): void;
  onNodeChanged(nodeId: string): void;
  onPick?(spot: Spot): void;
  onSelectHotspot?(hotspotId: string): void;
}

/** What of the nodes the viewer draws (their tiles follow from the ids). */
function signatureOf(nodes: readonly TourNode[], editing: boolean, selected: string | null): string {
  return JSON.stringify([editing, selected, nodes.map((node) => [node.id, node.name, node.links, node.cameras])]);
}

/** A hotspot's element: a real button with a name, so the tour is usable from the keyboard and axe finds a name. */
function hotspotButton(kind: 'camera' | 'link', label: string, testId: string, selected: boolean): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `sl-pano-hotspot sl-pano-hotspot-${kind}${selected ? ' sl-pano-hotspot-selected' : ''}`;
  button.setAttribute('aria-label', label);
  button.dataset.testid = testId;
  button.textContent = kind === 'camera' ? '◉' : '➜';
  const caption = document.createElement('span');
  caption.className = 'sl-pano-hotspot-caption';
  caption.textContent = label;
  caption.setAttribute('aria-hidden', 'true');
  button.appendChild(caption);
  return button;
}

function psvNode(node: TourNode, editing: boolean, selected: string | null, t: (key: string, values?: Record<string, string>) => string): VirtualTourNode {
  const cameraMarkers: MarkerConfig[] = node.cameras.map((camera) => ({
    id: `camera-${camera.hotspotId}`,
    position: camera.position,
    element: hotspotButton('camera', t('tour.cameraHotspot', { name: camera.label }), `pano-camera-${camera.cameraId}`, selected === camera.hotspotId),
    anchor: 'center center',
    data: { cameraId: camera.cameraId, hotspotId: camera.hotspotId },
  }));
  // While editing, links are markers like the cameras: selecting one must not leave the panorama.
  const linkMarkers: MarkerConfig[] = editing
    ? node.links.map((link) => ({
        id: `link-${link.hotspotId}`,
        position: link.position,
        element: hotspotButton('link', t('tour.linkHotspot', { name: link.label }), `pano-link-${link.targetId}`, selected === link.hotspotId),
        anchor: 'center center',
        data: { hotspotId: link.hotspotId },
      }))
    : [];
  return {
    id: node.id,
    name: node.name,
    caption: node.name,
    panorama: node.panorama,
    markers: [...cameraMarkers, ...linkMarkers],
    links: editing ? [] : node.links.map((link) => ({ nodeId: link.targetId, position: link.position, data: { label: link.label } })),
  };
}

/**
 * The panoramic tour: photo-sphere-viewer with the equirectangular tiles adapter (the server's
 * tiles), the markers plugin (camera hotspots) and the virtual tour plugin (links between the
 * store's panoramas, drawn as 2D buttons). Images are fetched with the session's headers.
 */
export const PanoramaViewer = forwardRef<PanoramaViewerHandle, PanoramaViewerProps>(function PanoramaViewer(props, ref) {
  const { t } = useTranslation('virtualStore');
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const latest = useRef(props);
  // What the viewer shows now: setNodes reloads the panorama, so it runs only when this changes.
  const applied = useRef('');
  latest.current = props;
  const nodeIds = props.nodes.map((node) => node.id).join(',');

  useImperativeHandle(ref, () => ({
    position: () => {
      const position: Position | undefined = viewer.current?.getPosition();
      return position ? { yaw: position.yaw, pitch: position.pitch } : null;
    },
    goTo: (nodeId) => viewer.current?.getPlugin<VirtualTourPlugin>(VirtualTourPlugin)?.setCurrentNode(nodeId),
  }));

  // The viewer is made once per store's set of panoramas; later changes go through setNodes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt only when the set of panoramas changes
  useEffect(() => {
    if (!container.current) return;
    const { nodes, startNodeId, editing, selectedHotspotId } = latest.current;
    const start = nodes.find((node) => node.id === startNodeId) ?? nodes[0];
    if (!start) return;
    const instance = new Viewer({
      container: container.current,
      adapter: EquirectangularTilesAdapter.withConfig({ baseBlur: true }),
      requestHeaders: () => http.sessionHeaders(),
      defaultYaw: start.initialView.yaw,
      defaultPitch: start.initialView.pitch,
      navbar: ['zoom', 'move', 'caption', 'fullscreen'],
      // Wide enough to see a shop's aisle and the hotspots around the forward link.
      defaultZoomLvl: 10,
      loadingTxt: t('tour.loading'),
      plugins: [
        MarkersPlugin.withConfig({}),
        VirtualTourPlugin.withConfig({
          positionMode: 'manual',
          renderMode: '2d',
          nodes: nodes.map((node) => psvNode(node, editing, selectedHotspotId ?? null, t)),
          startNodeId: start.id,
          showLinkTooltip: false,
          transitionOptions: { showLoader: true, effect: 'fade', speed: 600, rotation: false },
          arrowStyle: {
            size: { width: 180, height: 36 },
            element: (link) => hotspotButton('link', t('tour.linkHotspot', { name: String(link.data?.label ?? '') }), `pano-link-${link.nodeId}`, false),
          },
        }),
      ],
    });
    viewer.current = instance;
    applied.current = signatureOf(nodes, editing, selectedHotspotId ?? null);
    const markers = instance.getPlugin<MarkersPlugin>(MarkersPlugin);
    const tour = instance.getPlugin<VirtualTourPlugin>(VirtualTourPlugin);
    markers.addEventListener('select-marker', ({ marker }) => {
      const data = marker.data as { cameraId?: string; hotspotId?: string } | undefined;
      if (latest.current.editing) {
        if (data?.hotspotId) latest.current.onSelectHotspot?.(data.hotspotId);
        return;
      }
      if (data?.cameraId) latest.current.onOpenCamera(data.cameraId);
    });
    tour.addEventListener('node-changed', ({ node }) => {
      const shown = latest.current.nodes.find((one) => one.id === node.id);
      if (shown) instance.rotate(shown.initialView);
      latest.current.onNodeChanged(node.id);
    });
    instance.addEventListener('click', ({ data }) => {
      if (latest.current.editing && !data.rightclick && !data.marker) latest.current.onPick?.({ yaw: data.yaw, pitch: data.pitch });
    });
    return () => {
      viewer.current = null;
      instance.destroy();
    };
  }, [nodeIds]);

  // Hotspots, labels, editing and the selection change in place, on the panorama being shown.
  useEffect(() => {
    const instance = viewer.current;
    if (!instance) return;
    const signature = signatureOf(props.nodes, props.editing, props.selectedHotspotId ?? null);
    if (signature === applied.current) return;
    applied.current = signature;
    const tour = instance.getPlugin<VirtualTourPlugin>(VirtualTourPlugin);
    const current = tour.getCurrentNode()?.id ?? props.startNodeId;
    tour.setNodes(
      props.nodes.map((node) => psvNode(node, props.editing, props.selectedHotspotId ?? null, t)),
      current,
    );
  }, [props.nodes, props.editing, props.selectedHotspotId, props.startNodeId, t]);

  return <section ref={container} className="sl-pano-viewer" aria-label={props.label} data-testid="pano-viewer" />;
});
