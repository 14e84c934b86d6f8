import { type OperationInput, alarmOperations as ops } from '@storelens/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useOperation } from '../../shared/hooks/useOperation.ts';
import { callOperation } from '../../shared/lib/operations.ts';

/** Alarm reads and commands (docs/API.md, "AI alarms"): pages never see an operation themselves. */

export type AlarmListRequest = OperationInput<typeof ops.list>;

export const useAlarmList = (request: AlarmListRequest) => useOperation(ops.list, request, { placeholderData: keepPreviousData });
export const useAlarm = (alarmId: string) => useOperation(ops.detail, { alarmId }, { enabled: alarmId !== '' });

export const actOnAlarm = (input: OperationInput<typeof ops.act>) => callOperation(ops.act, input);
export const tagAlarm = (input: OperationInput<typeof ops.tag>) => callOperation(ops.tag, input);
export const markAlarmsRead = (input: OperationInput<typeof ops.markRead>) => callOperation(ops.markRead, input);
export const rectifyAlarm = (input: OperationInput<typeof ops.rectify>) => callOperation(ops.rectify, input);
/** An image fetched with the session (never a token in an <img> address). */
export const fetchAlarmImage = (imageId: string) => callOperation(ops.image, { imageId }, { silent: true }) as Promise<Blob>;
/** The alarm's clip (at most 8 MB: fetched whole with the session, then played from memory). */
export const fetchAlarmClip = (alarmId: string) => callOperation(ops.clip, { alarmId }, { silent: true }) as Promise<Blob>;

/** After a change: every alarm read asks again. */
export function useAlarmRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('alarms.') });
}

export type AlarmDebugListRequest = OperationInput<typeof ops.debugList>;
export type AlarmDeletedListRequest = OperationInput<typeof ops.debugDeleted>;
export type AlarmErrorReportListRequest = OperationInput<typeof ops.errorReportList>;

export const useAlarmDebugList = (request: AlarmDebugListRequest) => useOperation(ops.debugList, request, { placeholderData: keepPreviousData });
export const useAlarmDebugDetail = (reportId: string) => useOperation(ops.debugDetail, { reportId }, { enabled: reportId !== '' });
export const useDeletedAlarms = (request: AlarmDeletedListRequest) => useOperation(ops.debugDeleted, request, { placeholderData: keepPreviousData });
export const useAlarmErrorReports = (request: AlarmErrorReportListRequest, enabled = true) =>
  useOperation(ops.errorReportList, request, { placeholderData: keepPreviousData, enabled });

export const reportAlarmError = (input: OperationInput<typeof ops.errorReportCreate>) => callOperation(ops.errorReportCreate, input);
export const decideAlarmErrorReport = (input: OperationInput<typeof ops.errorReportDecide>) => callOperation(ops.errorReportDecide, input);

export const useAlarmAlertSetting = (enabled: boolean) => useOperation(ops.alertSettingGet, undefined, { enabled });
export const saveAlarmAlertSetting = (input: OperationInput<typeof ops.alertSettingSave>) => callOperation(ops.alertSettingSave, input);
