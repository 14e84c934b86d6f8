import { DownloadOutlined } from '@ant-design/icons';
import type { PermissionKey } from '@storelens/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanButton } from '../../features/session/components/CanButton.tsx';
import { saveBlob } from '../lib/saveFile.ts';

export interface ExportButtonProps {
  /** Fetches the file (exportAnalyticsTable, downloadGateList). */
  download(): Promise<Blob>;
  /** Saved under this name; '.xlsx' is added when missing. */
  fileName: string;
  disabled?: boolean;
  /** The key that gates the download: the spec's flow data download by default. */
  permission?: PermissionKey;
  testId?: string;
}

/**
 * 'Export' of an analytics table: downloads the .xlsx the server writes from the same query the
 * page shows, and hands it to the browser. Hidden or disabled by the permission map like any
 * button; a failure has already been shown by the HTTP client.
 */
export function ExportButton({ download, fileName, disabled, permission = 'flowdata_download', testId = 'export' }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(await download(), fileName.toLowerCase().endsWith('.xlsx') ? fileName : `${fileName}.xlsx`);
    } catch {
      // The HTTP client has told the user why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <CanButton permission={permission} icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void run()} data-testid={testId}>
      {t('analytics:export')}
    </CanButton>
  );
}
