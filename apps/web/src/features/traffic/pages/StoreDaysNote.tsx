import type { StoreDaysCount } from '@storelens/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a traffic answer stands on (issue 11): a warning when some of its store-days have no
 * reports or a device outage, so a quiet figure is not read as a quiet store. Nothing when every
 * store-day reported in full (or none is due yet).
 */
export function StoreDaysNote({ storeDays, testId = 'store-days-note' }: { storeDays: StoreDaysCount | undefined; testId?: string }) {
  const { t } = useTranslation();
  const note = storeDaysNote(storeDays);
  return note ? <Alert type="warning" showIcon title={t(note.key, note.params)} data-testid={testId} /> : null;
}

/** The note's message (key and counts), or null when there is nothing to warn about. */
export function storeDaysNote(
  storeDays: StoreDaysCount | undefined,
): { key: 'traffic:storeDays.none' | 'traffic:storeDays.partial'; params: { total: number; missing: number; incomplete: number } } | null {
  if (!storeDays || storeDays.total === 0 || storeDays.complete >= storeDays.total) return null;
  const params = { total: storeDays.total, missing: storeDays.total - storeDays.reporting, incomplete: storeDays.reporting - storeDays.complete };
  return { key: storeDays.reporting === 0 ? 'traffic:storeDays.none' : 'traffic:storeDays.partial', params };
}
