/**
 * The response status catalogue (spec section 8). Every JSON response is `{ status, msg, data }`.
 * The numeric values are ours (the spec does not show them); the HTTP status mirrors the class so
 * ordinary tools (curl, proxies, logs) see failures as failures.
 */
export const ResponseStatus = {
  success: 200,
  /** The operation succeeded and the server has something to say: the web shows msg and still returns data. */
  notice: 210,
  badRequest: 400,
  sessionExpired: 401,
  noAuthority: 403,
  notFound: 404,
  customerSwitched: 409,
  /** A business rule refused the operation: the web shows msg in a modal (one at a time). */
  errorModal: 422,
  tooManyRequests: 429,
  serverError: 500,
} as const;

export type ResponseStatusName = keyof typeof ResponseStatus;
export type ResponseStatusCode = (typeof ResponseStatus)[ResponseStatusName];

export const httpStatusFor: Record<ResponseStatusCode, number> = {
  200: 200,
  210: 200,
  400: 400,
  401: 401,
  403: 403,
  404: 404,
  409: 409,
  422: 422,
  429: 429,
  500: 500,
};

export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** Request headers every call carries (DESIGN A4). */
export const RequestHeader = {
  customerCode: 'x-customer-code',
  productId: 'x-product-id',
  acceptLanguage: 'accept-language',
  requestId: 'x-request-id',
} as const;

export const SESSION_COOKIE = 'sl_session';
export const PRODUCT_ID = 'storelens-web';
/** A customer code of -1 (or none) means no customer is selected yet (spec section 4). */
export const NO_CUSTOMER = '-1';
