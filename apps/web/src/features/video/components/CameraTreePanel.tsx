import { VideoCameraOutlined } from '@ant-design/icons';
import type { TreeNode } from '@storelens/contracts';
import { Empty, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { CAMERA_DRAG_TYPE } from './VideoTile.tsx';

function toData(nodes: readonly TreeNode[], closedLabel: string): TreeDataNode[] {
  return nodes.map((node) => {
    const children = [...toData(node.cameraList ?? [], closedLabel), ...toData(node.sublist, closedLabel)];
    if (node.cameraId) {
      const cameraId = node.cameraId;
      return {
        key: `camera:${cameraId}`,
        isLeaf: true,
        icon: <VideoCameraOutlined />,
        title: (
          // Dragged onto a tile, the camera plays there; chosen (click or Enter), it plays in the selected tile.
          // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's shortcut; the tree node (Enter) is the keyboard's way.
          <span draggable onDragStart={(event) => event.dataTransfer.setData(CAMERA_DRAG_TYPE, cameraId)} data-testid={`camera-node-${cameraId}`}>
            {node.name}
          </span>
        ),
      };
    }
    return { key: node.key, title: node.isClosed ? `${node.name} (${closedLabel})` : node.name, selectable: false, children };
  });
}

/** The shop and camera tree (the spec's camera tree): drag a camera into a tile, or choose it for the selected tile. */
export function CameraTreePanel({ tree, onChoose }: { tree: readonly TreeNode[] | null; onChoose: (cameraId: string) => void }) {
  const { t } = useTranslation('playback');
  const data = useMemo(() => toData(tree ?? [], t('tree.closed')), [tree, t]);
  return (
    <nav className="video-tree" aria-label={t('tree.title')}>
      <SectionHeading>{t('tree.title')}</SectionHeading>
      {data.length === 0 ? (
        <Empty description={t('tree.empty')} />
      ) : (
        <Tree
          showIcon
          blockNode
          defaultExpandAll
          treeData={data}
          selectedKeys={[]}
          onSelect={(_keys, info) => {
            const key = String(info.node.key);
            if (key.startsWith('camera:')) onChoose(key.slice('camera:'.length));
          }}
          data-testid="camera-tree"
        />
      )}
    </nav>
  );
}
