import { z } from 'zod';
import type { PermissionKey } from './permissions.ts';

/** What an operation needs before its body is even validated (the server's guard enforces it). */
export interface OperationGuard {
  /**
   * public: anyone; user: signed in; customer: signed in with a customer selected (the default);
   * device: a box's device token (the device API), which no person's session can stand in for.
   */
  auth: 'public' | 'user' | 'customer' | 'device';
  /** Every key must be shown (0) in the caller's permission map. */
  permission?: PermissionKey | readonly PermissionKey[];
  allowRoles?: readonly number[];
  barRoles?: readonly number[];
  /** Development-only operations (the outbox) exist in development mode only. */
  developmentOnly?: boolean;
  /**
   * Changes a setting of the whole customer (retention, flow configuration, the sales template,
   * device alerts): only a caller whose data scope is the whole customer may, not one limited to an
   * organisation's subtree or to single stores.
   */
  wholeCustomer?: boolean;
}

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API operation, declared once (DESIGN A1, issue 10): the server registers its route from this,
 * OpenAPI is generated from it, the web calls it through `callOperation`, and the sweeps of every
 * declared operation (cross-customer, bad input) find it without anyone remembering.
 *
 * `response` is the schema of the envelope's `data`; 'file' marks a download (the body is the
 * file, failures are envelopes); `upload` marks a multipart request (files and fields, no JSON body).
 */
export interface OperationDeclaration<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | 'file' = z.ZodType | 'file',
> {
  /** `<domain>.<operation>`, unique: how tests and logs name it. */
  name: string;
  method: OperationMethod;
  /** The full path, '/api/...'. */
  path: string;
  summary: string;
  tags: readonly string[];
  guard: OperationGuard;
  body?: Body;
  query?: Query;
  response: Response;
  upload?: boolean;
}

/** Declares an operation, keeping its literal types for the server's handler and the web's call. */
export function declareOperation<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Response extends z.ZodType | 'file' = 'file',
>(declaration: OperationDeclaration<Body, Query, Response>): OperationDeclaration<Body, Query, Response> {
  return declaration;
}

export type AnyOperation = OperationDeclaration<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | 'file'>;

/** What the caller sends: the body's input type for body operations, the query's for GET. */
export type OperationInput<Op> =
  Op extends OperationDeclaration<infer Body, infer Query, z.ZodType | 'file'>
    ? Body extends z.ZodType
      ? z.input<Body>
      : Query extends z.ZodType
        ? z.input<Query>
        : undefined
    : never;

/** What the operation answers: the envelope's data, or a file. */
export type OperationOutput<Op> =
  Op extends OperationDeclaration<z.ZodType | undefined, z.ZodType | undefined, infer Response>
    ? Response extends z.ZodType
      ? z.output<Response>
      : Blob
    : never;

/** A body that may be left out entirely (no content-type, empty, or null) and then means `{}`. */
export function optionalBody<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>, z.input<T> | undefined> {
  // A preprocess step types its input as unknown; the caller may send the schema's input or nothing.
  return z.preprocess((value) => value ?? {}, schema) as unknown as z.ZodType<z.output<T>, z.input<T> | undefined>;
}
