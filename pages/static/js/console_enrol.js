// Countersigning a colleague's official key from the console (issue 26; docs/reliability.md, "Official keys"): an
// enrolled official's key, made on this device by WebCrypto (official_key.js), signs a new official key's
// fingerprint, its role and its name, `planilla-enrol/1|<fingerprint>|<role>|<label>`, and the console sends it to
// POST /v1/officials/keys. The colleague's public key is pasted as their console shows it (the PEM, or SPKI in
// base64); its fingerprint is shown before anything is signed, to compare with the colleague's screen. A token alone
// never enrols a key: the service checks the countersignature against this device's enrolled key.
import { fingerprint, fromBase64 } from './keys.js';
import { signText } from './official_key.js';
import { request } from './net.js';
import { t } from './i18n.js';

export const PROTOCOL = 'planilla-enrol/1';
/** The roles each enrolled key's role may vouch for (service/access/officials.py `VOUCHES`). */
export const VOUCHES = { director: ['director', 'arbiter'], arbiter: ['arbiter'], tribunal: ['tribunal'] };
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** What an enrolled key signs to vouch for a new one (domain/game/enrolments.py `enrolment_message`). */
export function enrolmentMessage(fingerprintHex, role, label) {
  if (!/^[0-9a-f]{64}$/.test(String(fingerprintHex))) throw new TypeError('the fingerprint is 64 lowercase hex digits');
  return `${PROTOCOL}|${fingerprintHex}|${role}|${label}`;
}

/** A pasted public key (a PEM `PUBLIC KEY` block, or SPKI in base64) as SPKI base64; null when it is neither. */
export function spkiOf(text) {
  const body = String(text || '').replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) return null;
  try { return fromBase64(body).length >= 64 ? body : null; } catch { return null; }
}

/** The request's body: the colleague's key, and this device's key's countersignature over its fingerprint. */
export async function countersignature(key, { role, label, publicKey }, subtle) {
  const spki = spkiOf(publicKey);
  if (spki === null) return null;
  const fp = await fingerprint(spki, subtle);
  return { role, label, public_key: spki, countersigned_by: key.fingerprint,
    countersignature: await signText(key, enrolmentMessage(fp, role, label), subtle) };
}

/** The form, under this device's key (only once it is made: the service refuses it until it is enrolled). */
export function countersignHtml(key) {
  const roles = VOUCHES[key.role] || [];
  return `<form class="countersign" novalidate><h3>${esc(t('console.countersign_title'))}</h3>
    <p class="why">${esc(t('console.countersign_help'))}</p>
    <label class="field"><span class="name">${esc(t('console.key_role'))}</span> <select name="role">${roles.map((r) =>
      `<option value="${esc(r)}">${esc(r)}</option>`).join('')}</select></label>
    <label class="field"><span class="name">${esc(t('console.key_label'))}</span> <input name="label" maxlength="100" required></label>
    <label class="field"><span class="name">${esc(t('console.countersign_key'))}</span> <textarea name="public_key" rows="5" required></textarea></label>
    <p class="fingerprint-shown">${esc(t('console.countersign_fingerprint'))} <code class="fingerprint" data-testid="countersign-fingerprint">—</code></p>
    <button type="submit">${esc(t('console.countersign_send'))}</button><p class="problem" role="alert"></p>
    <p class="done" role="status" data-testid="countersign-done"></p></form>`;
}

/** Show the pasted key's fingerprint as it is typed (the official compares it with the colleague's screen). */
export async function showFingerprint(form) {
  const spki = spkiOf(form.elements.public_key.value);
  form.querySelector('code.fingerprint').textContent = spki === null ? '—' : await fingerprint(spki).catch(() => '—');
}

/** Countersign and send; the answer in words, in the form (the enrolled actor, or the refusal naming its field). */
export async function sendCountersign(form, key, token) {
  const problem = form.querySelector('.problem');
  const done = form.querySelector('.done');
  problem.textContent = ''; done.textContent = '';
  const label = form.elements.label.value.trim();
  const body = label ? await countersignature(key, { role: form.elements.role.value, label,
    publicKey: form.elements.public_key.value }) : null;
  if (body === null) { problem.textContent = t(label ? 'console.countersign_bad_key' : 'console.key_label'); return false; }
  const answer = await request('/v1/officials/keys', { method: 'POST', token, body })
    .catch((error) => ({ status: 0, body: { message: String(error.message || error) } }));
  if (answer.status !== 201) {
    const b = answer.body || {};
    problem.textContent = [b.message || b.detail || answer.status, b.field, b.article].filter(Boolean).join(' · ');
    return false;
  }
  done.textContent = `✔ ${t('console.countersign_done', { actor: answer.body.actor, fingerprint: answer.body.fingerprint })}`;
  done.setAttribute('data-fingerprint', answer.body.fingerprint);
  return true;
}
