import type { Locale } from '@storelens/contracts';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';

dayjs.extend(updateLocale);

/** dayjs names of our locales (antd's DatePicker reads the same dayjs locale). */
export const DAYJS_LOCALE_NAMES: Record<Locale, string> = { zh: 'zh-cn', en: 'en', kr: 'ko', jp: 'ja' };

const loaders: Record<Locale, () => Promise<unknown>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  en: async () => undefined,
  kr: () => import('dayjs/locale/ko'),
  jp: () => import('dayjs/locale/ja'),
};

/** Makes `locale` dayjs's global locale, with weeks starting on Monday whatever the language (spec section 1). */
export async function applyDayjsLocale(locale: Locale): Promise<void> {
  await loaders[locale]();
  const name = DAYJS_LOCALE_NAMES[locale];
  dayjs.updateLocale(name, { weekStart: 1 });
  dayjs.locale(name);
}
