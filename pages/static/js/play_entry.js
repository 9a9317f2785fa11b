// The play being typed on the tablet: the board's squares chosen (a tap starts the word, a second tap on the
// same square turns its direction), the preview of the tiles laid, the play recorded with the score announced
// (FILE 32), and the player's own line for it kept on the device until the play stands (FILE 37; sent before
// the tablet's next command: ownEntryDue, signing.js). No playing aid: nothing here scores or checks a word;
// the preview shows only where the typed tiles fall. Mixed into the page's Tablet (tablet.js), under Steps.

import * as api from './api.js';
import { lay, entry } from './notation.js';
import { t } from './i18n.js';
import { tileHtml, tileName } from './components/board.js';
import { escape } from './panels.js';

export const PlayEntry = (Base) => class extends Base {
  renderBoard() {
    const v = this.view;
    const placing = v.mine.has('place_tiles') && this.entry.mode === 'play';
    const e = this.entry;
    const board = v.board;
    let tentative = [];
    let cursor = null;
    if (placing && e.start) ({ squares: tentative, cursor } = lay(board, e.start, e.direction, e.typed));
    const element = document.getElementById('board');
    element.update({ board, set: v.set, selectable: placing, tentative, start: e.start, cursor, direction: e.direction });
    if (!element.wired) {
      element.wired = true;
      element.addEventListener('square', (ev) => {
        const { row, col } = ev.detail;
        const now = this.entry; // the entry as it is at the tap (reset since the board was wired)
        if (now.start && now.start.row === row && now.start.col === col) now.direction = now.direction === 'H' ? 'V' : 'H';
        else now.start = { row, col };
        this.render();
      });
    }
    this.renderPreview();
  }

  /** While a play is typed on a small screen, the panel is scrolled to the play's group when it does not fit below
   * what is above it (the scores): the keyboard in view, its foot («Anotar la jugada») stuck at the panel's bottom. */
  keepEntryInView() {
    const side = document.querySelector('.side');
    const group = document.querySelector('.group.play');
    const record = document.getElementById('record-play');
    if (!side || !group || !record || !this.entry.start) return;
    const panel = side.getBoundingClientRect();
    const box = group.getBoundingClientRect();
    if (box.bottom <= Math.min(panel.bottom, innerHeight) + 1 || box.top <= panel.top + 1) return; // all in view, or scrolled to
    side.scrollTop += box.top - panel.top;
  }

  renderEntry() {
    this.renderBoard();
  }

  renderPreview() {
    const preview = document.getElementById('word-preview');
    if (!preview) return;
    const v = this.view;
    const e = this.entry;
    if (!v.mine.has('place_tiles')) {
      preview.innerHTML = e.typed.map((x) => tileHtml(v.set, x.letter, x.blank)).join('');
      preview.setAttribute('aria-label', e.typed.map((x) => tileName(v.set, x.letter, x.blank)).join(', '));
      return;
    }
    if (!e.start) { preview.textContent = ''; return; }
    const { squares } = lay(v.board, e.start, e.direction, e.typed);
    preview.innerHTML = squares.map((s) => `<span class="${s.onBoard ? 'on-board' : 'new'}">${tileHtml(v.set, s.letter, s.blank)}</span>`).join('')
      + `<span class="coord">${squares.length ? escape(entry(v.board, e.start, e.direction, e.typed.length ? e.typed : [{ letter: 'A' }], v.set).coordinates || '') : ''}</span>`;
  }

  showProblem(key) {
    this.entryProblem = key ? t(key) : null; // kept: a redraw shows it again
    const el = document.getElementById('entry-problem');
    if (el) el.textContent = this.entryProblem || '';
  }

  async recordPlay() {
    const v = this.view;
    const e = this.entry;
    this.showProblem(null);
    const found = entry(v.board, e.start, e.direction, e.typed, v.set);
    if (found.error) { this.showProblem(`play.problem.${found.error}`); return; }
    if (e.announced === '') { this.showProblem('play.problem.no_score'); return; }
    const announced = Number(e.announced);
    const total = e.total === '' ? null : Number(e.total);
    const turn = v.nextTurnIndex;
    // The player's own sheet gets the score and running total once the play is accepted (FILE 37): kept
    // on the device until then, dropped if the play is withdrawn.
    this.keepOwnEntry({ turn, score: announced, total });
    await this.send(api.commands.placeTiles(v.version, { coordinates: found.coordinates, word: found.word, announced }));
  }

  get ownEntryKey() { return `planilla.own.${this.session.game}.${this.seat}`; }

  keepOwnEntry(entry) {
    if (entry) localStorage.setItem(this.ownEntryKey, JSON.stringify(entry));
    else localStorage.removeItem(this.ownEntryKey);
  }

  /** The player's own line for their last play, due once the service says the play stands (accepted);
   * dropped when it was withdrawn. Sent just before this tablet's next command, in the same chain, so the
   * tablet never writes behind its owner's back while the opponent is acting (with a key: just after a
   * key-signed command, signed over the head shown once that command is answered: signing.js). */
  ownEntryDue() {
    let own = null;
    try { own = JSON.parse(localStorage.getItem(this.ownEntryKey)); } catch { own = null; }
    if (!own) return null;
    const row = this.view.rowOf(own.turn);
    if (!row || ['pending', 'challenged', 'centre_choice'].includes(row.state)) return null;
    this.keepOwnEntry(null);
    if (row.state !== 'accepted' || row.written[String(this.seat)]) return null;
    return api.commands.writeSheet(null, { sheet: this.seat, player: row.seat, line: row.number, score: own.score,
      total: own.total });
  }
};
