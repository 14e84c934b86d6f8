import { LOCALES } from '@storelens/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { applyDayjsLocale, DAYJS_LOCALE_NAMES } from './dayjsLocale.ts';

describe('dayjs locale', () => {
  it.each(LOCALES)('%s: follows the language and starts weeks on Monday', async (locale) => {
    await applyDayjsLocale(locale);
    expect(dayjs.locale()).toBe(DAYJS_LOCALE_NAMES[locale]);
    // 2025-01-08 is a Wednesday; its week starts on Monday 2025-01-06.
    expect(dayjs('2025-01-08').startOf('week').format('YYYY-MM-DD')).toBe('2025-01-06');
  });
});
