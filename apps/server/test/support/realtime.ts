import http from 'node:http';
import { type RealtimeTicket, realtimeOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { invoke } from '../harness.ts';

/** One server-sent event as a client reads it. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** An open event stream (or the refusal that answered instead), read over real HTTP. */
export interface SseStream {
  status: number;
  contentType: string;
  events: SseEvent[];
  /** Comment lines (heartbeats `: ping`). */
  comments: string[];
  /** The answer's text when it was not a stream (a refusal envelope). */
  text: () => string;
  /** The first event (from the start of the stream) that matches, waiting for it as long as `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `path` on a listening server as an EventSource would (Accept: text/event-stream), with extra headers. */
export function openStream(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let raw = '';
      let resolveEnded: () => void = () => undefined;
      const ended = new Promise<void>((done) => {
        resolveEnded = done;
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ id, event, data: data.join('\n') });
        }
        for (const wake of [...waiters]) wake();
      });
      response.on('close', () => {
        resolveEnded();
        for (const wake of [...waiters]) wake();
      });
      let finished = false;
      void ended.then(() => {
        finished = true;
      });
      resolve({
        status: response.statusCode ?? 0,
        contentType: String(response.headers['content-type'] ?? ''),
        events,
        comments,
        text: () => raw,
        ended,
        close: () => request.destroy(),
        next(match, timeoutMs = 15_000) {
          return new Promise<SseEvent>((found, fail) => {
            const check = () => {
              const hit = events.find(match);
              if (hit) {
                done();
                found(hit);
              } else if (finished) {
                done();
                fail(new Error(`the stream ended without the event; it had: ${JSON.stringify(events)}`));
              }
            };
            const timer = setTimeout(() => {
              done();
              fail(new Error(`no such event within ${timeoutMs} ms; the stream had: ${JSON.stringify(events)}`));
            }, timeoutMs);
            const done = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            waiters.add(check);
            check();
          });
        },
      });
    });
    request.on('error', reject);
  });
}

/** A ticket for the session, through the declared operation. */
export async function streamTicket(app: FastifyInstance, session: { token: string; cid: string }): Promise<RealtimeTicket> {
  const answer = await invoke(app, realtimeOperations.ticket, undefined, session);
  expect(answer.body.status, answer.body.msg).toBe(200);
  return answer.body.data as RealtimeTicket;
}

/** A ticket and its open stream. */
export async function openSessionStream(
  app: FastifyInstance,
  baseUrl: string,
  session: { token: string; cid: string },
  headers: Record<string, string> = {},
  query = '',
) {
  const ticket = await streamTicket(app, session);
  const stream = await openStream(baseUrl, `${ticket.url}${query}`, headers);
  expect(stream.status, stream.text()).toBe(200);
  return stream;
}

/** The server's address once it listens on a free loopback port. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Events of a type whose JSON data matches. */
export const ofType =
  <T>(type: string, where: (data: T) => boolean = () => true) =>
  (event: SseEvent): boolean =>
    event.event === type && where(JSON.parse(event.data) as T);
