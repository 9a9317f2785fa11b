// Who starts, as the officials' console asks it (issue 28). A game waiting for its starter lists `draw_for_start`
// (the players' draw: FILE 4.3, FISE I.4, FISC I.5, AJS 3.1.1, Molins 2) and, where the profile takes the starter
// from the pairing list (FILE 4.1, FISE I.4.2), `give_starter` for the officials. The console then asks «¿Quién
// sale?» with one button per player (the first named on the pairing list, or whoever the officials decide) and the
// draw beside it; under a profile that always draws, only the draw. A virtual bag draws by itself (one tap, here or
// on a tablet); a physical bag's tiles are drawn at the table and typed on a tablet. Pure: HTML strings in.

import { START_ARTICLE, PAIRING_ARTICLE } from './offers.js';

const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** What the start asks of the officials now, or null when the game does not wait for its starter. */
export function startQuestion(actions, profile, bagMode) {
  const types = new Set(actions.map((a) => a.type));
  if (!types.has('draw_for_start') && !types.has('give_starter')) return null;
  const pairing = types.has('give_starter') ? (PAIRING_ARTICLE[profile] || '') : null;
  return { pairing, draw: START_ARTICLE[profile] || '', virtual: bagMode === 'virtual', offered: types };
}

function button(type, label, fields = '') {
  return `<form class="command start" novalidate data-type="${type}" data-label="${esc(label)}">${fields}`
    + `<button type="submit" class="primary">${esc(label)}</button><p class="problem" role="alert"></p></form>`;
}

/** The question and its buttons, in the reader's language (`t` the catalogue). */
export function startHtml(q, players, t) {
  if (!q) return '';
  const parts = [`<h2 id="who-starts-title">${esc(t('start.who'))}</h2>`];
  if (q.pairing != null) {
    parts.push(`<p class="why">${esc(t('start.by_pairing', { article: q.pairing, draw: q.draw }))}</p>`);
    parts.push('<div class="buttons">' + players.map((p) => button('give_starter', t('start.starts', { name: p.name }),
      `<input type="hidden" name="seat" value="${p.seat}"><input type="hidden" name="reason" value="${esc(
        t('start.reason', { article: q.pairing }))}">`)).join('') + '</div>');
  } else parts.push(`<p class="why">${esc(t('start.by_draw', { article: q.draw }))}</p>`);
  if (q.offered.has('draw_for_start')) {
    parts.push(q.virtual ? button('draw_for_start', t('start.draw_here', { article: q.draw }))
      : `<p class="why">${esc(t('start.draw_tablets', { article: q.draw }))}</p>`);
  }
  return `<section class="who-starts" id="who-starts" aria-labelledby="who-starts-title">${parts.join('')}</section>`;
}
