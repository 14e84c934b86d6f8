import type { TFunction } from 'i18next';

/** The weekdays of a task (ISO, 1 Monday), spelled in the page's language: "Mon, Tue" or "Every day". */
export function weekdaysLabel(t: TFunction, weekdays: readonly number[]): string {
  if (weekdays.length === 7) return t('aiTasks:weekdays.every');
  return weekdays.map((day) => t(`aiTasks:weekdays.d${day}`)).join(', ');
}

/** The task's hours; an end before the start runs past midnight. */
export function hoursLabel(t: TFunction, startTime: string, endTime: string): string {
  return endTime < startTime ? t('aiTasks:hoursOvernight', { start: startTime, end: endTime }) : `${startTime}–${endTime}`;
}
