import type { AlarmState, AlarmTag } from '@storelens/contracts';

export interface Judged {
  correct: number;
  wrong: number;
}

/**
 * How people's reviews judge the AI: a tag says it outright; untagged, a confirmation counts as
 * right and a false alarm as wrong. 'Task reason' (the task was set up badly) judges neither.
 */
export function judgementOf(state: AlarmState, tag: AlarmTag): keyof Judged | null {
  if (tag === 'algorithmCorrect') return 'correct';
  if (tag === 'algorithmWrong') return 'wrong';
  if (tag !== 'none') return null;
  if (state === 'confirmed') return 'correct';
  if (state === 'falseAlarm') return 'wrong';
  return null;
}

/** In the analysis's statistics: ignored alarms only give the ignore rate, deleted ones nothing. */
export const isCounted = (state: AlarmState) => state !== 'ignored' && state !== 'deleted';
