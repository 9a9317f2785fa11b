// <pl-sheets>: both players' sheets side by side, as on paper: each line's true score and running total,
// and beside them what this tablet's owner wrote on their own sheet; a line where any sheet or the
// announcement differs from the true value is marked.

import { t } from '../i18n.js';
import { patch } from '../patch.js';

const escape = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

class Sheets extends HTMLElement {
  update({ sheets, seat }) {
    const own = seat == null ? null : String(seat);
    const html = sheets.map((sheet) => {
      const rows = sheet.rows.map((r) => {
        const mine = own == null ? null : r.written[own];
        const what = r.notation ? escape(r.notation) : `${escape(r.word)} <span class="coord">${escape(r.coordinates)}</span>`;
        return `<tr class="${r.differs ? 'differs' : ''}${r.state === 'withdrawn' ? ' withdrawn' : ''}">`
          + `<td>${r.number}</td><td class="what">${what}</td>`
          + `<td class="num">${r.score ?? ''}</td><td class="num">${r.total ?? ''}</td>`
          + (own == null ? '' : `<td class="num own">${mine ? [mine.score, mine.total].map((x) => x ?? '–').join(' / ') : ''}</td>`)
          + `<td class="flag">${r.differs ? `<span class="badge" role="img" aria-label="${t('sheet.differs')}">≠</span>` : ''}</td></tr>`;
      }).join('');
      const final = sheet.finalScore == null ? '' : `<p class="final">${t('sheet.final', { score: sheet.finalScore })}</p>`;
      const signed = sheet.signature ? `<p class="signed">✔ ${t('sheet.signed')}</p>` : '';
      return `<section class="sheet" aria-label="${t('sheet.of', { name: escape(sheet.name) })}">`
        + `<h3>${escape(sheet.name)}</h3><table><thead><tr><th scope="col">${t('sheet.turn')}</th>`
        + `<th scope="col">${t('sheet.play')}</th><th scope="col">${t('sheet.score')}</th><th scope="col">${t('sheet.total')}</th>`
        + (own == null ? '' : `<th scope="col">${t('sheet.own')}</th>`)
        + `<th scope="col"><span class="sr">${t('sheet.check')}</span></th></tr></thead><tbody>${rows}</tbody></table>${final}${signed}</section>`;
    }).join('');
    if (html === this.drawn) return; // the same sheets: nothing to redraw
    this.drawn = html;
    patch(this, html);
  }
}

customElements.define('pl-sheets', Sheets);
