// The static site's service worker (docs/web.md, "The static site"). It keeps the site's
// files, and every database file once fetched, in the browser's cache, so that the board
// works with no network once loaded; and it adds the two headers that make the page
// cross-origin isolated, so that a search can be stopped through a SharedArrayBuffer.
importScripts('site-files.js');  // self.siteVersion, self.siteFiles (written by the build)

const cacheName = `kroon-${self.siteVersion}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(self.siteFiles)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('kroon-') && n !== cacheName).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

function isolated(response) {
  if (!response || response.status === 0 || response.type === 'opaque') return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function answer(request) {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return isolated(kept);
  const fetched = await fetch(request);
  if (fetched.ok && new URL(request.url).pathname.includes('/databases/')) await cache.put(request, fetched.clone());
  return isolated(fetched);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(answer(event.request));
});
