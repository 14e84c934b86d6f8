// Service worker of the on-site inspection (/myTodo/siteInspection), registered by that page only,
// with that page as its scope: no other page is controlled by it (docs/decisions/inspection.md).
// It lets the page reload without a connection:
// - navigations: network first, the last app shell (index.html) when offline;
// - /assets/* (hashed, never change): from the cache once kept; the page sends the list of what it
//   has loaded (performance entries) so the chunks fetched before this worker took over are kept too;
// - the reads a reload needs (session restore, permission map, the to-do and checklist, pictures):
//   network first, the last answer when offline, kept per session token (another user's session
//   never reads them). Writes (submit, uploads) are never cached: the page's IndexedDB queue sends them.
// Plain JavaScript served from public/: not part of the app bundle (the JS budget of /login).

const VERSION = 'v1';
const ASSETS = `inspection-assets-${VERSION}`;
const DATA = `inspection-data-${VERSION}`;
const SHELL_KEY = '/__inspection-shell';

/** Reads kept for offline use; every other API call passes through untouched. */
const KEPT_READS = new Set([
  '/api/current/authcus',
  '/api/current/selectcus',
  '/api/current/permissionMap',
  '/api/current/getUserInfo',
  '/api/current/getLangDic',
  '/api/current/holidays',
  '/api/current/getSpecialPower',
  '/api/current/noticeCount',
  '/api/inspection/todo/list',
  '/api/inspection/todo/detail',
  '/api/inspection/todo/referenceImage',
  '/api/inspection/todo/media',
]);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) => fetch('/', { cache: 'reload' }).then((response) => (response.ok ? cache.put(SHELL_KEY, response) : undefined)))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('inspection-') && key !== ASSETS && key !== DATA).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The page's loaded assets: kept, then the page is told it may go offline. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === 'string' && new URL(url, self.location.origin).origin === self.location.origin);
  event.waitUntil(
    caches
      .open(ASSETS)
      .then(async (cache) => {
        for (const url of urls) {
          if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
        }
        if (!(await cache.match(SHELL_KEY))) {
          const shell = await fetch('/', { cache: 'reload' }).catch(() => null);
          if (shell?.ok) await cache.put(SHELL_KEY, shell);
        }
        return Boolean(await cache.match(SHELL_KEY));
      })
      .then((ready) => event.source?.postMessage({ type: 'kept', ready })),
  );
});

async function digest(text) {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A read's cache key: its path, query and body under the caller's token, hashed (no token in a key). */
async function readKey(request) {
  const url = new URL(request.url);
  const body = request.method === 'GET' ? '' : await request.clone().text();
  const who = `${request.headers.get('Authorization') ?? ''} ${request.headers.get('x-customer-code') ?? ''}`;
  return `/__inspection-read${url.pathname}?k=${await digest(`${who}\n${request.headers.get('Accept-Language') ?? ''}\n${url.search}\n${body}`)}`;
}

async function keptRead(request) {
  // Only a signed-in user's reads are kept: after sign-out (which deletes this cache, page side)
  // the signed-out page's calls must not make it again.
  if (!request.headers.get('Authorization')) return fetch(request);
  const key = await readKey(request);
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(DATA)).put(key, response.clone());
    return response;
  } catch (error) {
    const kept = (await caches.has(DATA)) ? await (await caches.open(DATA)).match(key) : undefined;
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function navigation(request) {
  const cache = await caches.open(ASSETS);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL_KEY, response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL_KEY);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
    return;
  }
  if (request.method === 'GET' && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg' || url.pathname === '/zod-jitless.js')) {
    event.respondWith(asset(request));
    return;
  }
  if ((request.method === 'POST' || request.method === 'GET') && KEPT_READS.has(url.pathname)) event.respondWith(keptRead(request));
});
