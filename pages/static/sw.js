// The service worker: keeps each visited page's shell (the page, its styles, its bundle, the catalogues) so
// a tablet that lost the hall's Wi-Fi can still reload its page; the outbox (js/outbox.js) keeps the
// commands. Served at /sw.js (scope: the whole site) by service/api/routes/pages.py, which writes each page's
// shell and a digest of every file below: a changed file is a new worker, hence a new cache.
//
// Only the pages visited are kept (issue 28: a tablet's first visit fetched every page's bundle): the page
// that registers the worker has its shell cached before the worker takes control of it (install), a page
// opened later has its own cached when it is navigated to, and a new worker keeps the shells of the pages
// the old cache held.
//
// Shell requests go to the network first (a new version is picked up at once when online), falling
// back to the cached copy when the network fails or stays silent for NETWORK_WAIT ms. The service's
// answers (/v1, /health, the contract) are never cached and never touched: the page must always see
// the service's own state, or know that it cannot.

const VERSION = '/*VERSION*/';
const SHELLS = /*SHELLS*/{};
const CACHE = `planilla-shell-${VERSION}`;
const NETWORK_WAIT = 4000;
const PAGES = new Set(Object.keys(SHELLS));

/** Cache the shells of these pages (paths): each file not kept yet, fetched afresh. */
async function keep(pages) {
  const cache = await caches.open(CACHE);
  const missing = new Set();
  for (const page of pages) {
    for (const path of SHELLS[page] || []) {
      if (!missing.has(path) && !(await cache.match(self.location.origin + path))) missing.add(path);
    }
  }
  if (missing.size) await cache.addAll([...missing].map((path) => new Request(path, { cache: 'no-cache' })));
}

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
    // The pages open now (the one registering this worker among them) and those an older worker kept.
    const pages = new Set();
    for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })) {
      pages.add(new URL(client.url).pathname);
    }
    for (const name of await caches.keys()) {
      if (!name.startsWith('planilla-shell-') || name === CACHE) continue;
      for (const request of await (await caches.open(name)).keys()) pages.add(new URL(request.url).pathname);
    }
    await keep([...pages].filter((page) => PAGES.has(page)));
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
  // A page opened: what its shell lacks is kept (its catalogues too), once the page has loaded what it needs.
  if (request.mode === 'navigate' && PAGES.has(url.pathname)) {
    event.waitUntil(new Promise((resolve) => setTimeout(resolve, 1500)).then(() => keep([url.pathname])).catch(() => {}));
  }
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
