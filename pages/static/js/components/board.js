// <pl-board>: the 15x15 board as the physical one, premium squares, tiles with their values, blanks
// marked, digraph tiles as one tile; the squares of a play being typed shown tentatively. When
// `selectable`, each square is a button that reports 'square' {row, col}. `highlight` (a Set of
// "row,col") marks squares, e.g. the last play in the replay viewer.

import { premium, points, ROWS, parseRow } from '../tiles.js';
import { t } from '../i18n.js';
import { patch } from '../patch.js';

const PREMIUM_CLASS = { TW: 'tw', DW: 'dw', TL: 'tl', DL: 'dl' };

/** A tile as the physical one: its letters (QU on a Catalan tile; the keyboard writes it Q) and value. */
export function tileHtml(set, letter, blank) {
  const shown = letter;
  const value = points(set, letter, blank);
  return `<span class="tile${blank ? ' blank' : ''}${shown.length > 1 ? ' digraph' : ''}${value >= 10 ? ' ten' : ''}">`
    + `<span class="letter">${shown}</span>${blank ? '' : `<span class="value">${value}</span>`}</span>`;
}

/** A word in TILES.md notation («[CH]OZAs», «RESG[ll]UTBG», «QADRE») as the board shows it: one tile per
 * tile, a digraph tile as one, a blank marked as on the board; read as its letters. */
export function wordHtml(set, notation) {
  const tiles = parseRow(String(notation ?? ''), set).filter(Boolean)
    .map((x) => ({ ...x, letter: x.letter === 'Q' && set.label.QU ? 'QU' : x.letter }));
  const said = tiles.map((x) => (x.blank ? x.letter.toLowerCase() : x.letter)).join('');
  return `<span class="word-tiles" role="img" aria-label="${said}">${tiles.map((x) => tileHtml(set, x.letter, x.blank)).join('')}</span>`;
}

export function tileName(set, letter, blank) {
  const shown = letter;
  return blank ? t('tile.blank_as', { letter: shown }) : t('tile.named', { letter: shown, points: points(set, letter) });
}

class Board extends HTMLElement {
  connectedCallback() {
    if (this.built) return;
    this.built = true;
    this.setAttribute('role', 'group');
    this.addEventListener('click', (e) => {
      const button = e.target.closest('button[data-row]');
      if (!button || !this.selectable) return;
      this.dispatchEvent(new CustomEvent('square', { detail: { row: +button.dataset.row, col: +button.dataset.col } }));
    });
  }

  /** board: 15x15 of null|{letter, blank}; tentative: [{row, col, letter, blank, onBoard}]; start, cursor. */
  update({ board, set, selectable, tentative = [], start = null, cursor = null, direction = 'H', highlight = null }) {
    this.selectable = selectable;
    this.setAttribute('aria-label', t('board.label'));
    const laid = new Map(tentative.filter((s) => !s.onBoard).map((s) => [`${s.row},${s.col}`, s]));
    const rows = [];
    rows.push(`<div class="row labels" aria-hidden="true"><span class="corner"></span>${
      Array.from({ length: 15 }, (_, c) => `<span class="label">${c + 1}</span>`).join('')}</div>`);
    for (let r = 0; r < 15; r += 1) {
      const cells = [`<span class="label" aria-hidden="true">${ROWS[r]}</span>`];
      for (let c = 0; c < 15; c += 1) {
        const cell = board[r][c];
        const typed = laid.get(`${r},${c}`);
        const kind = premium(r, c);
        const classes = ['sq', kind ? PREMIUM_CLASS[kind] : '', r === 7 && c === 7 ? 'centre' : '',
          typed ? 'typed' : '', start && start.row === r && start.col === c ? 'start' : '',
          cursor && cursor.row === r && cursor.col === c ? 'cursor' : '',
          highlight && highlight.has(`${r},${c}`) ? 'last' : ''].filter(Boolean).join(' ');
        const shown = cell || typed;
        const inner = shown ? tileHtml(set, shown.letter, shown.blank)
          : `<span class="premium" aria-hidden="true">${kind ? t(`premium.short.${kind}`) : ''}</span>`;
        let name = `${ROWS[r]}${c + 1}: ${shown ? tileName(set, shown.letter, shown.blank) : t(kind ? `premium.${kind}` : 'square.empty')}`;
        if (start && start.row === r && start.col === c) name += `, ${t('board.start', { dir: t(`dir.${direction}`) })}`;
        if (highlight && highlight.has(`${r},${c}`)) name += `, ${t('board.last')}`;
        if (selectable) {
          cells.push(`<button type="button" data-row="${r}" data-col="${c}" class="${classes}" aria-label="${name}">${inner}</button>`);
        } else if (shown) {
          cells.push(`<span role="img" class="${classes}" aria-label="${name}">${inner}</span>`);
        } else {
          cells.push(`<span class="${classes}" aria-hidden="true">${inner}</span>`);
        }
      }
      rows.push(`<div class="row">${cells.join('')}</div>`);
    }
    // Redrawn only where something changed: an event that moves no tile costs no DOM work, one that does
    // touches only its squares (a 4x slower tablet redraws the page on every event of the game).
    const html = rows.join('');
    if (html === this.drawn) return;
    this.drawn = html;
    patch(this, html);
  }
}

customElements.define('pl-board', Board);
