import { type MessageKey, type MessageParams, ResponseStatus, type ResponseStatusName } from '@storelens/contracts';

/**
 * An error the client should see: a status of the catalogue and a message key that the envelope
 * translates into the caller's language. Anything else thrown is a bug and answers serverError.
 */
export class AppError extends Error {
  constructor(
    readonly statusName: ResponseStatusName,
    readonly messageKey: MessageKey | string,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }

  get status(): number {
    return ResponseStatus[this.statusName];
  }
}

export const notFound = () => new AppError('notFound', 'errors.notFound');
export const noAuthority = () => new AppError('noAuthority', 'errors.noAuthority');
export const badRequest = (key: MessageKey, params?: MessageParams, data?: unknown) => new AppError('badRequest', key, params, data);
/** A business rule refused the operation; the web shows it in a modal. */
export const refused = (key: MessageKey, params?: MessageParams, data?: unknown) => new AppError('errorModal', key, params, data);
export const sessionExpired = () => new AppError('sessionExpired', 'errors.loginAgain');

/** Too many attempts in a window: answered 429 with Retry-After, so clients and proxies know when to come back. */
export class TooManyRequests extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('tooManyRequests', 'errors.tooManyRequests');
    this.name = 'TooManyRequests';
  }
}
