// The tribunal's audit view (/audit?game=G): the service's verification of the stored chain
// (`GET /v1/games/{id}/audit`), the signatures and the history each one signed, the whole trail in order
// (`/events`: time, actor, device, event, hash, previous hash, the payload on demand) and the export
// (`/export`) to download, and to check here with the offline verifier (js/audit/) before keeping it.
import { t, use, choose, initial } from './i18n.js';
import { request, language } from './net.js';
import { verifyExport } from './audit/verify.js';
import { bestDigest } from './audit/sha256.js';
import { findingNode } from './audit/report.js';
import { readAccess, writeAddress, accessForm, languagePicker, escapeHtml, refusal } from './access.js';

const app = document.getElementById('app');
let access = null;
let data = null; // {audit, events}
let fullHashes = false;
let exported = null; // {name, bytes, found, digest}

const hashHtml = (hash) => (fullHashes ? `<code class="full">${escapeHtml(hash)}</code>`
  : `<code title="${escapeHtml(hash)}">${escapeHtml(hash.slice(0, 12))}…</code>`);

function verification(audit) {
  if (audit.intact) {
    return `<p class="verdict ok" data-testid="chain" data-intact="true">${t('audit.intact', { events: audit.events })}</p>
      <p>${t('audit.head')}: <code class="full">${escapeHtml(audit.head_hash)}</code></p>`;
  }
  const broken = audit.break || {};
  return `<p class="verdict bad" data-testid="chain" data-intact="false">${t('audit.broken', { version: broken.version })}</p>
    <p>${t('audit.reason')}: <strong>${escapeHtml(broken.reason || '')}</strong></p>`;
}

function signatures(audit, events) {
  if (!audit.signatures.length) return `<p data-testid="signatures" data-count="0">${t('audit.no_signatures')}</p>`;
  const byHash = new Map(events.map((e) => [e.hash, e]));
  const names = (events.find((e) => e.type === 'Created') || { payload: {} }).payload.players || [];
  return `<ul class="signatures" data-testid="signatures" data-count="${audit.signatures.length}">${audit.signatures.map((s) => {
    const event = events.find((e) => e.sequence === s.version) || { payload: {} };
    const signed = byHash.get(s.head_hash);
    const who = typeof names[s.seat] === 'string' ? names[s.seat] : (names[s.seat] && names[s.seat].name) || `#${s.seat + 1}`;
    return `<li data-testid="signature" data-version="${s.version}" data-signed="${signed ? signed.sequence : ''}">
      <strong>${escapeHtml(who)}</strong> · ${t('audit.signature_at', { version: s.version, at: event.recorded_at || '' })}
      ${event.payload.signature ? `<br><q>${escapeHtml(event.payload.signature)}</q>` : ''}
      <br>${signed ? t('audit.signed_up_to', { version: signed.sequence, type: signed.type })
    : `<span class="bad">${t('audit.signed_unknown')}</span>`}
      <br>${t('audit.signed_hash')}: ${hashHtml(s.head_hash)}</li>`;
  }).join('')}</ul>`;
}

/** An event's payload, one field a line (value as compact JSON): readable on a phone and on paper. */
function payloadHtml(payload) {
  return `<dl class="payload">${Object.entries(payload).map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(JSON.stringify(v))}</dd>`).join('')}</dl>`;
}

function trail(audit, events) {
  const broken = audit.break ? audit.break.version : null;
  const label = (key) => `data-label="${escapeHtml(t(key))}"`;
  return `<div class="scroll"><table class="trail stack" data-testid="trail"><thead><tr><th>#</th><th>${t('audit.time')}</th><th>${t('audit.actor')}</th>
    <th>${t('audit.device')}</th><th>${t('audit.event')}</th><th>${t('audit.hash')}</th><th>${t('audit.previous')}</th></tr></thead><tbody>${
  events.map((e) => `<tr data-version="${e.sequence}"${e.sequence === broken ? ' class="bad"' : ''}><td data-label="#">${e.sequence}</td>
      <td ${label('audit.time')}>${escapeHtml(e.recorded_at)}</td><td ${label('audit.actor')}>${escapeHtml(e.actor)}</td>
      <td ${label('audit.device')}>${escapeHtml(e.device || '—')}</td>
      <td ${label('audit.event')}><details><summary><code>${escapeHtml(e.type)}</code></summary>${payloadHtml(e.payload)}
      ${e.redacted.length ? `<p class="redacted">${t('audit.redacted', { fields: e.redacted.join(', ') })}</p>` : ''}</details></td>
      <td ${label('audit.hash')}>${hashHtml(e.hash)}</td><td ${label('audit.previous')}>${hashHtml(e.previous_hash)}</td></tr>`).join('')}</tbody></table></div>`;
}

function render() {
  document.title = t('audit.title');
  const { audit, events } = data;
  app.innerHTML = `<div class="audit-page">
    <header class="bar"><span class="title">Planilla · ${t('audit.title')}</span>${languagePicker()}</header>
    <main class="audit-main">
      <p class="game-id">${t('audit.game')}: <code>${escapeHtml(access.game)}</code></p>
      <section><h2>${t('audit.verification')}</h2>${verification(audit)}</section>
      <section><h2>${t('audit.signatures')}</h2>${signatures(audit, events)}</section>
      <section><h2>${t('audit.export')}</h2><p>${t('audit.export_intro')}</p>
        <div class="actions"><button type="button" class="primary" data-action="export" data-testid="export">${t('audit.download')}</button>
        <a href="/verify">${t('audit.open_verifier')}</a></div>
        <p class="export-error error" role="alert"></p><div class="exported"></div></section>
      <section><h2>${t('audit.trail')}</h2>
        <label class="toggle"><input type="checkbox" data-action="full"${fullHashes ? ' checked' : ''}> ${t('audit.full_hashes')}</label>
        ${trail(audit, events)}</section>
    </main></div>`;
  app.querySelector('[data-lang]').addEventListener('change', async (e) => { await choose(e.target.value); render(); });
  app.querySelector('[data-action="full"]').addEventListener('change', (e) => { fullHashes = e.target.checked; render(); });
  app.querySelector('[data-action="export"]').addEventListener('click', download);
  if (exported) app.querySelector('.exported').replaceChildren(findingNode(exported.name, exported.found, exported.digest));
}

/** Fetch the export with this token, offer it as a file, and verify it here as the command would. */
async function download() {
  const error = app.querySelector('.export-error');
  error.textContent = '';
  let answer;
  try {
    answer = await fetch(`/v1/games/${access.game}/export`, { headers: { Authorization: `Bearer ${access.token}`, 'Accept-Language': language() }, cache: 'no-store' });
  } catch {
    error.textContent = t('access.unreachable');
    return;
  }
  if (!answer.ok) {
    let body = {};
    try { body = await answer.json(); } catch { /* not JSON */ }
    error.textContent = refusal({ status: answer.status, body });
    return;
  }
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const named = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') || '');
  const name = named ? named[1] : `${access.game}.planilla-audit.jsonl`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], { type: 'application/x-ndjson' }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  const { name: digestName, digest } = bestDigest();
  exported = { name, bytes, found: await verifyExport(bytes, { digest }), digest: digestName };
  app.querySelector('.exported').replaceChildren(findingNode(exported.name, exported.found, exported.digest));
}

async function open(found) {
  access = found;
  app.innerHTML = `<p class="loading">${t('audit.loading')}</p>`;
  const [audit, events] = await Promise.all([
    request(`/v1/games/${access.game}/audit`, { token: access.token }),
    request(`/v1/games/${access.game}/events`, { token: access.token }),
  ]);
  const refused = [audit, events].find((a) => a.status !== 200);
  if (refused) {
    accessForm(app, { game: access.game, error: refusal(refused) }, open);
    return;
  }
  writeAddress(access.game);
  data = { audit: audit.body, events: events.body.events };
  render();
}

await use(initial(null));
const found = readAccess();
if (found.game && found.token) open(found);
else accessForm(app, found, open);
