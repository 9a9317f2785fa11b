// The one door to the service for the pages: every HTTP call goes through `request`.
//
// `request` never throws on an HTTP status (a 409 or a 422 is an answer the page shows); it throws
// `NetworkError` only when the service could not be reached or did not answer in time, which is
// the one case where resending (with the same Idempotency-Key) is safe and right.

export class NetworkError extends Error {
  constructor(message, cause) {
    super(message);
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

const DEVICE_KEY = 'planilla.device';

// A version 4 UUID from getRandomValues: crypto.randomUUID exists only in secure contexts, and a
// hall's plain http://192.168.x.y is not one.
export function uuid() {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// This browser's device id, made once and kept (sent as X-Device with every request).
export function deviceId() {
  try {
    let id = globalThis.localStorage?.getItem(DEVICE_KEY);
    if (!id) {
      id = uuid();
      globalThis.localStorage?.setItem(DEVICE_KEY, id);
    }
    if (id) return id;
  } catch { /* storage refused: a device id for this page's life */ }
  // the page's one id, the same tablet.html's head script sent its early binding with (its __pageDevice)
  globalThis.__pageDevice ??= uuid();
  return globalThis.__pageDevice;
}

/** The page's language (i18n.js sets <html lang>), sent as Accept-Language so the service says its refusals in it
 * (es, ca, en; the service answers English to a language it does not speak). */
export function language() {
  const lang = globalThis.document?.documentElement?.lang;
  return ['es', 'ca', 'en'].includes(lang) ? lang : (globalThis.navigator?.language || 'es');
}

// One HTTP call: JSON in and out, Authorization, X-Device and Accept-Language set; {status, body, headers}.
// `timeout` (ms) turns a request that hangs on a dead Wi-Fi into a NetworkError.
export async function request(path, { method = 'GET', body, token, headers = {}, timeout = 15000 } = {}) {
  const sent = { Accept: 'application/json', 'Accept-Language': language(), 'X-Device': deviceId(), ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (body !== undefined) sent['Content-Type'] = 'application/json';
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeout);
  try {
    let response;
    try {
      response = await fetch(path, {
        method, headers: sent, cache: 'no-store', signal: abort.signal,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new NetworkError(`the service could not be reached (${method} ${path})`, error);
    }
    let text;
    try {
      text = await response.text();
    } catch (error) {
      throw new NetworkError(`the answer was cut off (${method} ${path})`, error);
    }
    let parsed = text;
    if ((response.headers.get('content-type') || '').includes('json') && text) {
      try { parsed = JSON.parse(text); } catch { /* leave the text as it came */ }
    }
    return { status: response.status, body: parsed, headers: Object.fromEntries(response.headers.entries()) };
  } finally {
    clearTimeout(timer);
  }
}

// Register the service worker that keeps the app shell for offline reloads (pages/static/sw.js,
// served at /sw.js so its scope is the whole site). Service workers exist only in secure contexts
// (https, or http on 127.0.0.1/localhost); elsewhere this does nothing and says so.
export async function registerServiceWorker(path = '/sw.js') {
  const container = globalThis.navigator?.serviceWorker;
  if (!container || !globalThis.isSecureContext) return null;
  try {
    return await container.register(path, { scope: '/' });
  } catch (error) {
    console.warn('service worker not registered', error);
    return null;
  }
}
