import { type liveLogPageSchema, videoOperations } from '@storelens/contracts';
import { Drawer, List, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useOperation } from '../../../shared/hooks/useOperation.ts';

type LogPage = z.infer<typeof liveLogPageSchema>;

/** Who watched which camera, what and when (the camera live log), for administrators. */
export function WatchLogDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('playback');
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const log = useOperation(videoOperations.cameraLiveLog, { page, pageSize }, { enabled: open });
  const data = log.data as LogPage | undefined;
  return (
    <Drawer open={open} onClose={onClose} title={t('log.title')} width={480} destroyOnHidden>
      <List
        loading={log.isLoading}
        dataSource={data?.list ?? []}
        data-testid="watch-log"
        locale={{ emptyText: t('log.empty') }}
        renderItem={(row) => (
          <List.Item>
            <List.Item.Meta
              title={`${row.userName} · ${t(`log.kind.${row.kind}`)}`}
              description={
                <>
                  <Typography.Text>{`${row.shopName} · ${row.cameraName}`}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {new Date(row.at).toLocaleString()}
                    {row.from ? ` · ${new Date(row.from).toLocaleString()}${row.to ? ` – ${new Date(row.to).toLocaleString()}` : ''}` : ''}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
      {data && data.total > pageSize && (
        <Pagination current={page} pageSize={pageSize} total={data.total} onChange={setPage} size="small" showSizeChanger={false} />
      )}
    </Drawer>
  );
}
