// Stand-in for net.js (the offline helper's) while it is not in the package: the same interface.

export class NetworkError extends Error {}

export function deviceId() {
  let id = localStorage.getItem('planilla.device');
  if (!id) {
    id = crypto.randomUUID ? crypto.randomUUID() : `dev-${Date.now()}-${Math.random().toString(16).slice(2)}`;
    localStorage.setItem('planilla.device', id);
  }
  return id;
}

export async function request(path, { method = 'GET', body, token, headers = {} } = {}) {
  const all = { 'X-Device': deviceId(), ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  if (body !== undefined) all['Content-Type'] = 'application/json';
  let answer;
  try {
    answer = await fetch(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new NetworkError(String(error));
  }
  const text = await answer.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { parsed = text; }
  return { status: answer.status, body: parsed, headers: answer.headers };
}
