import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOKS } from '@storelens/contracts';
import { checkAddresses, checkedLookup, parseTarget, TargetRefused } from './target.ts';

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  /** The target itself is refused (an address that became private): no retry can succeed. */
  refused: boolean;
}

/** So much of an answer is read (the rest is dropped): enough for the excerpt, never a flood. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One POST of a webhook: the target checked again on the addresses the socket uses, no redirect
 * followed, at most `timeoutMs` in all, at most 64 kB of the answer read. Never throws: every
 * outcome is an attempt for the log.
 */
export async function sendWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, refused = false): SendOutcome => ({
    ok: false,
    statusCode: null,
    durationMs: elapsed(),
    error,
    responseExcerpt: null,
    refused,
  });
  let target: ReturnType<typeof parseTarget>;
  try {
    target = parseTarget(input.url);
    // An address literal is not looked up: it is checked here.
    if (net.isIP(target.host)) checkAddresses([target.host], target, input.allowPrivate);
  } catch (error) {
    return failed(error instanceof TargetRefused ? `refused: ${error.refusal}` : String(error), true);
  }
  const transport = target.secure ? https : http;
  const timeoutMs = input.timeoutMs ?? WEBHOOKS.timeoutMs;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = transport.request(
      target.url,
      {
        method: 'POST',
        headers: { ...input.headers, 'content-length': Buffer.byteLength(input.body) },
        lookup: checkedLookup(target, input.allowPrivate),
        // One connection per attempt: nothing pooled across customers' endpoints.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= MAX_RESPONSE_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () => {
          const statusCode = response.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOKS.responseExcerptChars);
          finish({
            ok,
            statusCode,
            durationMs: elapsed(),
            error: ok
              ? null
              : statusCode !== null && statusCode >= 300 && statusCode < 400
                ? `redirect not followed (HTTP ${statusCode})`
                : `HTTP ${statusCode}`,
            responseExcerpt: text.length > 0 ? text : null,
            refused: false,
          });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof TargetRefused || error.code === 'ETARGETREFUSED') {
        finish(failed(`refused: ${(error as TargetRefused).refusal ?? error.message}`, true));
        return;
      }
      finish(failed(error.code ? `${error.code}: ${error.message}` : error.message));
    });
    request.end(input.body);
  });
}
