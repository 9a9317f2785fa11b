// The service worker: keeps the app shell (the pages, every file under /static, the catalogues) so
// a tablet that lost the hall's Wi-Fi can still reload its page; the outbox (js/outbox.js) keeps the
// commands. Served at /sw.js (scope: the whole site) by service/api/routes/pages.py, which writes the
// shell's list and a digest of its contents below: a changed file is a new worker, hence a new cache.
//
// Shell requests go to the network first (a new version is picked up at once when online), falling
// back to the cached copy when the network fails or stays silent for NETWORK_WAIT ms. The service's
// answers (/v1, /health, the contract) are never cached and never touched: the page must always see
// the service's own state, or know that it cannot.

const VERSION = '/*VERSION*/';
const SHELL = /*SHELL*/[];
const CACHE = `planilla-shell-${VERSION}`;
const NETWORK_WAIT = 4000;
const PAGES = new Set(SHELL.filter((path) => !path.startsWith('/static/') && !path.startsWith('/bundle/')));

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    // The service's answers bypass this worker entirely where the browser can say so (the static
    // routing API): a command never waits for the worker to wake up, and nothing here can touch it.
    if (event.addRoutes) {
      try {
        await event.addRoutes([{ condition: { urlPattern: new URLPattern({ pathname: '/v1/*' }) }, source: 'network' }]);
      } catch (error) {
        console.warn('static routes refused; the fetch handler still leaves /v1 alone', error);
      }
    }
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL.map((path) => new Request(path, { cache: 'no-cache' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('planilla-shell-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (!(PAGES.has(url.pathname) || url.pathname.startsWith('/static/') || url.pathname.startsWith('/bundle/'))) return; // /v1 and the rest: untouched
  event.respondWith(networkFirst(request, url));
});

async function networkFirst(request, url) {
  const cache = await caches.open(CACHE);
  const key = url.origin + url.pathname; // one copy whatever the query; the hash never reaches here
  const network = fetch(request, { cache: 'no-cache' }).then((response) => {
    if (response.ok && response.type === 'basic') cache.put(key, response.clone());
    return response;
  });
  network.catch(() => {}); // when the cache answered first, a late failure is nobody's business
  const silence = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT, 'silent'));
  try {
    const first = await Promise.race([network, silence]);
    if (first !== 'silent') return first;
    const cached = await cache.match(key);
    return cached || await network;
  } catch {
    const cached = await cache.match(key);
    if (cached) return cached;
    return Response.error();
  }
}
