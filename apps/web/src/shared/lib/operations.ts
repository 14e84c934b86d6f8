import type { AnyOperation, OperationInput, OperationOutput } from '@storelens/contracts';
import { http, type QueryValue, type RequestOptions } from './http.ts';

/** The app's path of an operation: the HTTP client adds the '/api' prefix itself. */
function clientPath(operation: AnyOperation): string {
  return operation.path.replace(/^\/api/, '');
}

/**
 * Calls a declared operation (packages/contracts): its method and path come from the declaration,
 * the input and the answer are typed by its schemas, so no URL is typed twice and no answer is
 * cast by hand. Downloads resolve to a Blob; everything else goes through the one HTTP client
 * (spec section 8 behaviour).
 */
export function callOperation<Op extends AnyOperation>(
  operation: Op,
  input: OperationInput<Op>,
  options: Omit<RequestOptions, 'method' | 'body' | 'query'> = {},
): Promise<OperationOutput<Op>> {
  const fileOptions = operation.response === 'file' ? { responseType: 'blob' as const } : {};
  if (operation.method === 'GET') {
    return http.get<OperationOutput<Op>>(clientPath(operation), (input ?? undefined) as Record<string, QueryValue> | undefined, { ...fileOptions, ...options });
  }
  if (operation.method !== 'POST') {
    // PUT and DELETE operations (the region hide configuration's update): the same JSON body, their own method.
    return http.request<OperationOutput<Op>>(clientPath(operation), { ...fileOptions, ...options, method: operation.method, body: input ?? {} });
  }
  return http.post<OperationOutput<Op>>(clientPath(operation), input ?? {}, { ...fileOptions, ...options });
}

/** Sends one file to a declared upload operation (multipart field "file"), with upload progress. */
export function uploadToOperation<Op extends AnyOperation>(
  operation: Op,
  file: Blob,
  fileName: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<OperationOutput<Op>> {
  return http.upload<OperationOutput<Op>>(clientPath(operation), file, fileName, options);
}

/** Sends a multipart form (files and fields) to a declared upload operation. */
export function postFormToOperation<Op extends AnyOperation>(
  operation: Op,
  form: FormData,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<OperationOutput<Op>> {
  return http.request<OperationOutput<Op>>(clientPath(operation), { ...options, method: 'POST', body: form });
}

/**
 * The address of a GET operation with its query, for a library that fetches by URL itself (the
 * panorama viewer); it sends `http.sessionHeaders()` along.
 */
export function operationUrl<Op extends AnyOperation>(operation: Op, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `${operation.path}?${search}`;
}
