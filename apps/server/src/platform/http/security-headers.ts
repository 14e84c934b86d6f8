import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response, API and web app alike (docs/API.md, "Headers and caching").
 * Our own hook rather than @fastify/helmet: the policy is a handful of fixed headers chosen per
 * path, and a dependency would not make that shorter or clearer.
 */

type Directives = Readonly<Record<string, readonly string[]>>;

/**
 * The web app's policy. Scripts only from our origin: the built index.html has no inline script
 * (Vite emits module scripts and modulepreload links), and no page evaluates strings as code.
 * Styles allow 'unsafe-inline' because antd 6 styles its components with CSS-in-JS that inserts
 * <style> elements at run time. A nonce would need index.html rendered per request and handed to
 * antd's StyleProvider; injected CSS cannot run script, so the script policy is what keeps XSS out.
 * img-src has data: (the sign-in captcha is an SVG data URL) and blob: (files made in the page).
 * No page frames another site except the embedded data boards (/dataBoard/*, issue 17), whose
 * policy adds frame-src naming exactly the configured board origins (setFrameSources).
 * media-src blob: and worker-src blob: are the video players' (Media Source objects are blob: URLs;
 * hls.js runs its transmuxer in a worker made from a blob). connect-src 'self' covers the live
 * view's WebSocket on the same origin.
 */
const APP_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Swagger UI at /api/docs loads its scripts from files (no inline script), but applies inline
 * styles and shows data: SVG icons: without the two entries below Chromium refuses both. Spelled
 * out here, so that tightening the app's policy later does not break the docs.
 */
const API_DOCS_DIRECTIVES: Directives = {
  ...APP_DIRECTIVES,
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
};

interface PathPolicy {
  matches: (path: string) => boolean;
  directives: Directives;
  /** Frames this page may show: the origins the provider names (the data boards'), 'none' when there are none. */
  frames?: boolean;
  /**
   * X-Frame-Options DENY, the fallback for browsers without frame-ancestors. A page that may be
   * embedded sets this to false and lists its embedders in frame-ancestors instead (X-Frame-Options
   * cannot name origins).
   */
  denyFraming: boolean;
}

/**
 * The first matching entry decides; everything else gets the app's policy. The data-board pages
 * (issue 17) may frame the configured boards: their document is loaded at its own path (the board
 * page reloads itself when reached by an in-app link), so this policy is the one in force there.
 */
const PATH_POLICIES: readonly PathPolicy[] = [
  { matches: (path) => path === '/api/docs' || path.startsWith('/api/docs/'), directives: API_DOCS_DIRECTIVES, denyFraming: true },
  { matches: (path) => path === '/dataBoard' || path.startsWith('/dataBoard/'), directives: APP_DIRECTIVES, denyFraming: true, frames: true },
];
const DEFAULT_POLICY: PathPolicy = { matches: () => true, directives: APP_DIRECTIVES, denyFraming: true };

/** One year, no includeSubDomains: other hosts of the deployer's domain are not ours to bind. */
const HSTS = 'max-age=31536000';

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

const serializedPolicies = new Map<PathPolicy, string>([...PATH_POLICIES, DEFAULT_POLICY].map((policy) => [policy, serialize(policy.directives)]));

/** Origins a framing page may show (the configured data boards'); set by the boards module at start. */
export type FrameSources = () => readonly string[];

/** A frame source is an origin (scheme, host, port) and nothing a header could be broken with. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

export function policyFor(path: string, frameSources: FrameSources = () => []): { csp: string; denyFraming: boolean } {
  const policy = PATH_POLICIES.find((candidate) => candidate.matches(path)) ?? DEFAULT_POLICY;
  if (policy.frames) {
    const origins = frameSources().filter((origin) => ORIGIN.test(origin));
    const csp = serialize({ ...policy.directives, 'frame-src': origins.length > 0 ? origins : ["'none'"] });
    return { csp, denyFraming: policy.denyFraming };
  }
  return { csp: serializedPolicies.get(policy) ?? '', denyFraming: policy.denyFraming };
}

/**
 * Set in onRequest, so every answer carries them: routes, 404s, errors, static files. A handler
 * may still override one for its own response. HSTS only over HTTPS: request.protocol reads
 * X-Forwarded-Proto only from a proxy Fastify trusts (TRUST_PROXY), so a client cannot fake it.
 * Register before any plugin whose routes must carry the headers (a plugin's context copies the
 * hooks that exist when it loads).
 */
export function registerSecurityHeaders(app: FastifyInstance): { setFrameSources(sources: FrameSources): void } {
  let frameSources: FrameSources = () => [];
  app.addHook('onRequest', async (request, reply) => {
    const { csp, denyFraming } = policyFor(request.url.split('?')[0] ?? '/', frameSources);
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (denyFraming) reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  return {
    /** The boards module names the origins its pages may frame (platform never imports a module). */
    setFrameSources(sources: FrameSources): void {
      frameSources = sources;
    },
  };
}
