import {
  DEFAULT_LOCALE,
  type Envelope,
  Limits,
  type Locale,
  type MessageKey,
  NO_CUSTOMER,
  PRODUCT_ID,
  RequestHeader,
  ResponseStatus,
} from '@storelens/contracts';

/**
 * The one HTTP client of the web app (spec section 8, DESIGN A3). Every call goes through
 * `createHttpClient(...).request`, so the status catalogue is interpreted in exactly one place.
 *
 * Options, since the spec only names them:
 * - raw: on success resolve with the whole envelope `{status, msg, data}` instead of `data`.
 * - rawData: resolve with the parsed body of a 2xx response as it came, without reading it as an
 *   envelope (for the few answers that are not envelopes); non-2xx answers are handled as usual.
 * - useAll: resolve with the envelope whatever its status and show nothing; the caller decides.
 *   Session-level statuses (session expired, customer switched) are still handled, because no
 *   caller can recover from them on its own.
 * - silent: show nothing (no modal, no message) for failures and notices; still reject on failure.
 *   A cancelled request is always quiet; a cam2Dmap failure always explains itself (spec order).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** JSON body (POST/PUT/DELETE); a FormData body is sent as multipart/form-data (file uploads). */
  body?: unknown;
  /** Query parameters (GET calls carry their parameters here). */
  query?: Record<string, QueryValue>;
  raw?: boolean;
  rawData?: boolean;
  useAll?: boolean;
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Let the request outlive the page (a report sent while the tab closes). */
  keepalive?: boolean;
  /** 'blob' resolves any non-JSON answer as a Blob; JSON answers are still read as envelopes. */
  responseType?: 'json' | 'blob';
  /**
   * Upload progress, 0 to 1, while the body is being sent (fetch cannot report it, so such a
   * request travels by XMLHttpRequest; the answer is interpreted exactly as any other).
   */
  onUploadProgress?: (fraction: number) => void;
}

export type HttpFailureKind = 'status' | 'http' | 'network' | 'timeout' | 'cancelled';

/** What every failed call rejects with. `status` is the envelope status, `httpStatus` the HTTP one. */
export class HttpError extends Error {
  readonly kind: HttpFailureKind;
  readonly status: number | null;
  readonly httpStatus: number | null;
  readonly data: unknown;
  readonly url: string;

  constructor(kind: HttpFailureKind, message: string, details: { status?: number | null; httpStatus?: number | null; data?: unknown; url: string }) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.httpStatus = details.httpStatus ?? null;
    this.data = details.data ?? null;
    this.url = details.url;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** True when the failure is the catalogue status `name` (for callers that react to one status). */
export function hasStatus(error: unknown, name: keyof typeof ResponseStatus): boolean {
  return isHttpError(error) && error.status === ResponseStatus[name];
}

export interface RequestContext {
  token: string | null;
  customerCode: string | null;
  locale: Locale;
}

/** The UI the client needs; the app supplies a lazily loaded antd one, tests a recording one. */
export interface FeedbackPort {
  /** Resolves when the user has closed the modal. */
  showErrorModal(title: string, content: string): Promise<void>;
  warn(text: string): void;
  notice(text: string): void;
}

export interface HttpEnvironment {
  /** Origin prefix; empty in the browser (same origin), the test server's origin in tests. */
  baseUrl: string;
  /** Every operation lives under this prefix (DESIGN A2). */
  apiPrefix: string;
  getContext(): RequestContext;
  translate(key: MessageKey): string;
  feedback: FeedbackPort;
  isOnLoginPage(): boolean;
  reloadPage(): void;
  /** Clears the signed-in user (the client then sends the user to /login after 500 ms). */
  onSessionExpired(): void;
  goToLogin(): void;
  /** Makes `customerCode` the tab's customer; the client reloads the page afterwards. */
  onCustomerSwitched(customerCode: string): void;
}

const SESSION_EXPIRED_REDIRECT_DELAY_MS = 500;
/** How long after an expiry was handled a 401 on the sign-in page is taken as the same expiry (the message shows 3 s). */
const SESSION_EXPIRY_QUIET_MS = 5_000;
const HTTP_FAILURE_DATA_PREVIEW_CHARS = 500;

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number' && 'msg' in value;
}

function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && /[/+]json\b/i.test(contentType);
}

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return isFormData(body) ? body : JSON.stringify(body);
}

/**
 * fetch's signature over XMLHttpRequest, for the one thing fetch cannot do: report upload
 * progress. It answers a real Response, so the rest of the client does not know the difference.
 */
function fetchWithUploadProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.withCredentials = init.credentials === 'include';
    xhr.responseType = 'blob';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      // A Response cannot carry a null-body status with a body; none of ours is one.
      resolve(new Response(xhr.response as Blob, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    const fail = () => reject(new TypeError('Failed to fetch'));
    xhr.onerror = fail;
    xhr.onabort = () => reject(init.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (init.signal?.aborted) {
      xhr.abort();
      return;
    }
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function statusError(url: string, envelope: Envelope<unknown>): HttpError {
  return new HttpError('status', envelope.msg, { status: envelope.status, data: envelope.data, url });
}

/** Marks why our own controller aborted, so a timeout is not mistaken for a cancellation. */
const TIMEOUT_REASON = Symbol('timeout');

export function createHttpClient(initial: HttpEnvironment) {
  let env = initial;
  // Only one error modal at a time (spec section 8); later ones are dropped while it is open.
  let errorModalOpen = false;
  // A burst of parallel calls answering "session expired" or "customer switched" acts once.
  let sessionExpiryHandled = false;
  let expiryHandledAt = Number.NEGATIVE_INFINITY;
  let customerSwitchHandled = false;

  function showErrorModalOnce(title: string, content: string): void {
    if (errorModalOpen) return;
    errorModalOpen = true;
    env.feedback.showErrorModal(title, content).then(
      () => {
        errorModalOpen = false;
      },
      () => {
        errorModalOpen = false;
      },
    );
  }

  function headersFor(options: RequestOptions): Headers {
    const context = env.getContext();
    const headers = new Headers();
    if (context.token) headers.set('Authorization', `Bearer ${context.token}`);
    headers.set(RequestHeader.customerCode, context.customerCode || NO_CUSTOMER);
    headers.set(RequestHeader.acceptLanguage, context.locale);
    headers.set(RequestHeader.productId, PRODUCT_ID);
    headers.set('Accept', options.responseType === 'blob' ? '*/*' : 'application/json');
    // The browser writes the multipart boundary itself.
    if (options.body !== undefined && !isFormData(options.body)) headers.set('Content-Type', 'application/json');
    return headers;
  }

  function handleSessionExpired(url: string, envelope: Envelope<unknown>): never {
    // A request of the same expiry answered after the guard already sent the page to /login must not
    // reload it: the reload would wipe the 'Login again please' the person has not read yet.
    const sameExpiry = Date.now() - expiryHandledAt < SESSION_EXPIRY_QUIET_MS;
    if (env.isOnLoginPage()) {
      if (!sameExpiry) env.reloadPage();
    } else if (!sessionExpiryHandled) {
      sessionExpiryHandled = true;
      expiryHandledAt = Date.now();
      env.feedback.warn(env.translate('errors.loginAgain'));
      env.onSessionExpired();
      setTimeout(() => {
        sessionExpiryHandled = false;
        env.goToLogin();
      }, SESSION_EXPIRED_REDIRECT_DELAY_MS);
    }
    throw statusError(url, envelope);
  }

  function handleCustomerSwitched(url: string, envelope: Envelope<unknown>): never {
    if (!customerSwitchHandled) {
      customerSwitchHandled = true;
      env.feedback.warn(env.translate('errors.customerSwitched'));
      env.onCustomerSwitched(envelope.msg);
      env.reloadPage();
    }
    throw statusError(url, envelope);
  }

  function interpretEnvelope<T>(url: string, envelope: Envelope<unknown>, options: RequestOptions): T {
    switch (envelope.status) {
      case ResponseStatus.sessionExpired:
        return handleSessionExpired(url, envelope);
      case ResponseStatus.customerSwitched:
        return handleCustomerSwitched(url, envelope);
    }
    if (options.useAll) return envelope as T;
    switch (envelope.status) {
      case ResponseStatus.success:
        return (options.raw ? envelope : envelope.data) as T;
      case ResponseStatus.notice:
        if (!options.silent && envelope.msg) env.feedback.notice(envelope.msg);
        return (options.raw ? envelope : envelope.data) as T;
      default:
        // errorModal (a refused business rule) and every other status: msg in a modal titled 'Error'.
        if (!options.silent) showErrorModalOnce(env.translate('errors.error'), envelope.msg);
    }
    throw statusError(url, envelope);
  }

  /** A failure below the envelope: no answer, a timeout, or an answer that is not an envelope. */
  function failHttp(url: string, options: RequestOptions, error: HttpError): never {
    if (error.kind === 'cancelled') throw error;
    if (url.includes('cam2Dmap')) {
      showErrorModalOnce(env.translate('errors.error'), env.translate('errors.cam2dmap'));
      throw error;
    }
    if (options.silent) throw error;
    const title = error.httpStatus ? `${env.translate('errors.requestError')} ${error.httpStatus}` : env.translate('errors.requestError');
    const content = typeof error.data === 'string' && error.data ? `${error.message}\n${error.data}` : error.message;
    showErrorModalOnce(title, content);
    throw error;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const url = `${env.baseUrl}${env.apiPrefix}${path}${buildQuery(options.query)}`;
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? Limits.httpTimeoutMs;
    const timer = setTimeout(() => controller.abort(TIMEOUT_REASON), timeoutMs);
    const abortFromCaller = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) abortFromCaller();
    else options.signal?.addEventListener('abort', abortFromCaller, { once: true });

    const failureKind = (): HttpFailureKind => (controller.signal.reason === TIMEOUT_REASON ? 'timeout' : options.signal?.aborted ? 'cancelled' : 'network');

    let response: Response;
    let body: unknown;
    try {
      const init: RequestInit = {
        method,
        headers: headersFor(options),
        body: encodeBody(options.body),
        signal: controller.signal,
        credentials: 'same-origin',
        keepalive: options.keepalive === true,
      };
      response = options.onUploadProgress ? await fetchWithUploadProgress(url, init, options.onUploadProgress) : await fetch(url, init);
      const contentType = response.headers.get('content-type');
      if (isJsonContentType(contentType)) {
        const text = await response.text();
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
      } else if (response.ok) {
        // Files, images and exports: handed back untouched.
        return (await response.blob()) as T;
      } else {
        body = await response.text();
      }
    } catch (error) {
      const kind = failureKind();
      const message = kind === 'timeout' ? env.translate('errors.requestTimeout') : kind === 'cancelled' ? 'cancelled' : env.translate('errors.networkTimeout');
      const failure = new HttpError(kind, message, { url });
      // The browser's own wording ('Failed to fetch') helps developers, not users: kept as the cause.
      failure.cause = error;
      return failHttp(url, options, failure);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }

    if (options.rawData && response.ok) return body as T;
    if (isEnvelope(body)) return interpretEnvelope<T>(url, body, options);
    if (response.ok) {
      // A 2xx JSON answer that is not an envelope: nothing in our API answers like this.
      return failHttp(url, options, new HttpError('http', response.statusText || 'Unexpected response', { httpStatus: response.status, data: body, url }));
    }
    const preview = typeof body === 'string' ? body.slice(0, HTTP_FAILURE_DATA_PREVIEW_CHARS) : JSON.stringify(body ?? null);
    return failHttp(url, options, new HttpError('http', response.statusText || `HTTP ${response.status}`, { httpStatus: response.status, data: preview, url }));
  }

  return {
    request,
    get<T>(path: string, query?: Record<string, QueryValue>, options: Omit<RequestOptions, 'method' | 'query' | 'body'> = {}): Promise<T> {
      return request<T>(path, { ...options, method: 'GET', query });
    },
    post<T>(path: string, body: unknown = {}, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
      return request<T>(path, { ...options, method: 'POST', body });
    },
    /** Posts one file as multipart/form-data (field `file`), reporting the upload's progress. */
    upload<T>(path: string, file: Blob, fileName: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
      const form = new FormData();
      form.append('file', file, fileName);
      return request<T>(path, { ...options, method: 'POST', body: form });
    },
    /**
     * Downloads by posting a form into a hidden frame (or a new tab), so the browser saves the
     * answer itself. A form cannot send headers, so the session travels as fields too.
     */
    downloadByForm(path: string, fields: Record<string, QueryValue | readonly QueryValue[]>, target: 'frame' | 'tab' = 'frame'): void {
      const context = env.getContext();
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = `${env.baseUrl}${env.apiPrefix}${path}`;
      form.style.display = 'none';
      const allFields: Record<string, QueryValue | readonly QueryValue[]> = {
        ...fields,
        token: context.token,
        customerCode: context.customerCode || NO_CUSTOMER,
        lang: context.locale,
        productId: PRODUCT_ID,
      };
      for (const [name, value] of Object.entries(allFields)) {
        if (value === undefined || value === null) continue;
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = Array.isArray(value) ? JSON.stringify(value) : String(value);
        form.appendChild(input);
      }
      if (target === 'tab') {
        form.target = '_blank';
      } else {
        const frameName = `sl-download-${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const frame = document.createElement('iframe');
        frame.name = frameName;
        frame.style.display = 'none';
        document.body.appendChild(frame);
        form.target = frameName;
        // The frame has to outlive the download's start; a minute is generous for any server.
        setTimeout(() => frame.remove(), 60_000);
      }
      document.body.appendChild(form);
      form.submit();
      form.remove();
    },
    /**
     * The session's headers, for requests a library makes itself (the panorama viewer's image and
     * tile requests) and that must carry the same token, customer and language as every call.
     */
    sessionHeaders(): Record<string, string> {
      return Object.fromEntries(headersFor({ responseType: 'blob' }).entries());
    },
    /** Replaces parts of the environment (the app wires the session store and router in). */
    configure(partial: Partial<HttpEnvironment>): void {
      env = { ...env, ...partial };
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

const consoleFeedback: FeedbackPort = {
  showErrorModal: async (title, content) => {
    console.error(title, content);
  },
  warn: (text) => console.warn(text),
  notice: (text) => console.info(text),
};

/**
 * The app's client. Until `configureHttp` runs (main.tsx) it only logs; main.tsx supplies the
 * session store, the router and the lazily loaded antd feedback.
 */
export const http = createHttpClient({
  baseUrl: '',
  apiPrefix: '/api',
  getContext: () => ({ token: null, customerCode: null, locale: DEFAULT_LOCALE }),
  translate: (key) => key,
  feedback: consoleFeedback,
  isOnLoginPage: () => false,
  reloadPage: () => undefined,
  onSessionExpired: () => undefined,
  goToLogin: () => undefined,
  onCustomerSwitched: () => undefined,
});

export const configureHttp = http.configure;
