// The hall's pushes to the federation (issue 29), a small panel of the console: how many wait and why, and what
// the federation refused with its reason (GET /v1/hall/outbox, read every 15 s). A hall started without
// --federation shows nothing. Kept apart from console.js: the console asks only for outboxHtml() and starts
// watchOutbox() once.

import { known, t } from './i18n.js';
import { request } from './net.js';

const EVERY_MS = 15000;
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const state = { summary: null, timer: null };

// What an item is, in words: a game, a duplicate or a tournament's results (an id's first characters), or a
// round's seal (event and round).
export function itemLabel(item) {
  const [kind, ...rest] = String(item.item).split(':');
  if (kind === 'seal') return t('console.outbox.seal', { event: rest[0], round: rest[1] });
  const key = { duplicate: 'console.outbox.duplicate', results: 'console.outbox.results' }[kind] || 'console.outbox.game';
  return t(key, { game: String(rest[0] || '').slice(0, 8) });
}

// Why an item waits or was refused, in the reader's words where the code is one the panel knows (the federation
// answers in English: its own text is kept below, for the officers it may be read to); else the text as it came.
export function itemReason(item) {
  const said = known(`console.outbox.why.${item.code}`);
  return { said: said || item.message || item.code || '', detail: said && item.message ? item.message : '' };
}

export function outboxHtml(summary = state.summary) {
  if (!summary || !summary.federation) return '';
  const { waiting = 0, sent = 0, refused = 0 } = summary.counts || {};
  const rows = (list, cls) => list.map((item) => {
    const { said, detail } = itemReason(item);
    return `<li class="${cls}"><b>${esc(itemLabel(item))}</b> <span>${esc(said)}</span>`
      + `${detail ? `<small class="outbox-detail" lang="en">${esc(detail)}</small>` : ''}</li>`;
  }).join('');
  const open = refused > 0 ? ' open' : '';
  return `<details class="outbox${refused ? ' refused' : ''}" data-testid="outbox"${open}>
    <summary role="status">${esc(t('console.outbox.title'))}: ${esc(t('console.outbox.counts', { waiting, sent, refused }))}</summary>
    ${refused ? `<p class="outbox-head">${esc(t('console.outbox.refused'))}</p><ul>${rows(summary.refused || [], 'refused')}</ul>` : ''}
    ${waiting ? `<p class="outbox-head">${esc(t('console.outbox.waiting'))}</p><ul>${rows(summary.waiting || [], 'waiting')}</ul>` : ''}
  </details>`;
}

// Read the outbox now and every 15 s; ``changed`` re-renders the console when the answer differs.
export function watchOutbox(token, changed) {
  clearInterval(state.timer);
  const read = async () => {
    try {
      const answer = await request('/v1/hall/outbox', { token: token() });
      if (answer.status !== 200) return;
      const before = JSON.stringify(state.summary);
      state.summary = answer.body;
      if (JSON.stringify(state.summary) !== before) changed();
    } catch { /* the hall is not reached: the console's bar says so */ }
  };
  read();
  state.timer = setInterval(read, EVERY_MS);
}
