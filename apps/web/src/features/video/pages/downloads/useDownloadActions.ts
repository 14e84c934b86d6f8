import type { DownloadRow } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../../shared/lib/saveFile.ts';
import { fetchDownloadFile, rebuildDownload } from '../../downloadsApi.ts';

/** The file name a saved clip gets: camera and range start, readable in a downloads folder. */
export const clipFileName = (row: Pick<DownloadRow, 'cameraName' | 'start'>) =>
  `${row.cameraName.replace(/[\\/:*?"<>|]/g, '_')}-${row.start.replace(/[-:]/g, '').slice(0, 15)}.mp4`;

/** Download (with the session, saved as a file) and resynthesise/retry, shared by the list and the detail. */
export function useDownloadActions() {
  const { t } = useTranslation('videoDownloads');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['videoDownloads'] });

  const save = async (row: DownloadRow) => {
    setBusy(row.id);
    try {
      saveBlob(await fetchDownloadFile(row.id), clipFileName(row));
    } catch {
      // The HTTP client has shown why (still being made, failed, expired).
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  const rebuild = async (row: DownloadRow) => {
    setBusy(row.id);
    try {
      await rebuildDownload(row.id);
      message.success(t('rebuilt'));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(null);
      void refresh();
    }
  };
  return { busy, save, rebuild };
}
