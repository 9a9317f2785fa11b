// <pl-sheets>: both players' sheets side by side, as on paper: each line's true score and running total,
// and beside them what this tablet's owner wrote on their own sheet; a line where any sheet or the
// announcement differs from the true value is marked.
// For the officials (`both`: the console's table view) each line shows what every sheet wrote beside the true
// values, the wrong figure marked ✗ in white on red, the line framed and flagged in words
// («≠ no coincide»), and a correction already recorded said on its line (old → new, by whom): never colour alone.

import { t } from '../i18n.js';
import { patch } from '../patch.js';
import { wordHtml } from './board.js';

const escape = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** One figure as written: struck and marked when it is not the true one. */
const figure = (value, truth) => (value == null ? '–'
  : value !== truth ? `<s class="wrong" title="${escape(t('sheet.wrong'))}">✗ ${value}</s>` : String(value));

/** What one sheet wrote on a line (score / total), for the officials. */
function writtenCell(entry, row) {
  if (!entry) return '<td class="num written none">—</td>';
  return `<td class="num written">${figure(entry.score, row.score)} / ${figure(entry.total, row.total)}</td>`;
}

/** The corrections recorded on a line of figures, as a row of their own under it (a correction is an event: said,
 * never a silent rewrite). */
function correctionsRow(row, columns) {
  const said = (row.corrections || []).filter((c) => c.field === 'score' || c.field === 'total').map((c) =>
    t('sheet.corrected', { field: t(`field.${c.field}`), old: c.old[c.field], new: c.new[c.field], by: c.by || '' }));
  return said.length ? `<tr class="corrected"><td></td><td colspan="${columns - 1}">✎ ${said.map(escape).join('; ')}</td></tr>` : '';
}

class Sheets extends HTMLElement {
  /** `short`: how a column head names a sheet's keeper (the console: the surnames of a long name), full name as its title. */
  /** `set` (the game's tile set): the words shown as the board shows them, a digraph or a blank as one tile. */
  update({ sheets, seat, both = false, short = (name) => name, set = null }) {
    const own = seat == null ? null : String(seat);
    const keepers = both ? sheets.map((s) => ({ seat: String(s.seat), name: s.name })) : [];
    const html = sheets.map((sheet) => {
      const rows = sheet.rows.map((r) => {
        const mine = own == null ? null : r.written[own];
        const word = set && r.wordNotation ? wordHtml(set, r.wordNotation) : escape(r.word);
        const what = r.notation ? escape(r.notation) : `${word} <span class="coord">${escape(r.coordinates)}</span>`;
        const announced = both && r.kind === 'play' && r.entered != null && r.entered !== r.score
          ? `<div class="said">${escape(t('diff.announced', { value: '' }))}${figure(r.entered, r.score)}</div>` : '';
        const flag = !r.differs ? '' : both ? `<span class="badge">≠ ${t('sheet.differs')}</span>`
          : `<span class="badge" role="img" aria-label="${t('sheet.differs')}">≠</span>`;
        return `<tr class="${r.differs ? 'differs' : ''}${r.state === 'withdrawn' ? ' withdrawn' : ''}">`
          + `<td>${r.number}</td><td class="what">${what}</td>`
          + `<td class="num">${r.score ?? ''}${announced}</td><td class="num">${r.total ?? ''}</td>`
          + (own == null ? '' : `<td class="num own">${mine ? [mine.score, mine.total].map((x) => x ?? '–').join(' / ') : ''}</td>`)
          + keepers.map((k) => writtenCell(r.written[k.seat], r)).join('')
          + `<td class="flag">${flag}</td></tr>${both ? correctionsRow(r, 5 + keepers.length) : ''}`;
      }).join('');
      const final = sheet.finalScore == null ? '' : `<p class="final">${t('sheet.final', { score: sheet.finalScore })}</p>`;
      const signed = sheet.signature ? `<p class="signed">✔ ${t('sheet.signed')}</p>` : '';
      const title = t(both ? 'sheet.plays_of' : 'sheet.of', { name: escape(sheet.name) });
      return `<section class="sheet" aria-label="${title}">`
        + `<h3>${both ? title : escape(sheet.name)}</h3><table><thead><tr><th scope="col">${t('sheet.turn')}</th>`
        + `<th scope="col">${t('sheet.play')}</th><th scope="col">${t(both ? 'sheet.true_score' : 'sheet.score')}</th>`
        + `<th scope="col">${t(both ? 'sheet.true_total' : 'sheet.total')}</th>`
        + (own == null ? '' : `<th scope="col">${t('sheet.own')}</th>`)
        + keepers.map((k) => `<th scope="col" class="written" title="${t('sheet.wrote', { name: escape(k.name) })}">${
          t('sheet.wrote', { name: escape(short(k.name)) })}</th>`).join('')
        + `<th scope="col"><span class="sr">${t('sheet.check')}</span></th></tr></thead><tbody>${rows}</tbody></table>${final}${signed}</section>`;
    }).join('');
    if (html === this.drawn) return; // the same sheets: nothing to redraw
    this.drawn = html;
    patch(this, html);
  }
}

customElements.define('pl-sheets', Sheets);
