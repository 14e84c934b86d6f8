import { type Locale, type MessageParams, translateMessage } from '@storelens/contracts';

export function t(locale: Locale, keyOrRef: string, params?: MessageParams): string {
  return translateMessage(locale, keyOrRef, params);
}
