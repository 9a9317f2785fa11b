// The tablet's less frequent steps, each drawn only where next_actions offer it to this seat (offers.js lists
// every control): the draw for the start, the players' own ruling of a challenge and its confirmation or
// dispute (FILE 41.1-41.2), the line the challenger owes after a valid ruling (FILE 37), the overdrawn tiles
// to send back, SENYORS, a sanction's appeal and the request to reopen a closed game. Mixed into the page's
// Tablet (tablet.js) between Panels and Controls; `stepHandlers` is merged into the page's one listener.
// The tablet never looks a word up: the players read the official word list themselves and record what it says.

import { t, names } from './i18n.js';
import { escape } from './panels.js';
import { wordHtml } from './components/board.js';
import { more, START_ARTICLE, PAIRING_ARTICLE } from './offers.js';
import * as api from './api.js';

export const Steps = (Base) => class extends Base {
  /** The parts of the actions panel these steps add, in the order a player meets them. */
  stepsHtml() {
    const mine = this.view.mine;
    const parts = [];
    if (mine.has('draw_for_start')) parts.push(this.startHtml());
    if (['rule_challenge', 'rule_appeal', 'confirm_ruling', 'dispute_ruling'].some((a) => mine.has(a))) parts.push(this.rulingHtml());
    const owed = this.owedLine();
    if (owed) parts.push(this.owedHtml(owed));
    if (mine.has('choose_overdraw_return')) parts.push(this.overdrawReturnHtml());
    if (mine.has('redraw_senyors')) {
      parts.push(`<div class="group"><p>${t('senyors.ask')}</p><button type="button" id="senyors">${t('action.redraw_senyors')}</button></div>`);
    }
    if (mine.has('appeal_sanction')) parts.push(this.sanctionAppealHtml());
    if (mine.has('consent_reopen')) {
      parts.push(`<div class="group"><label for="reopen-reason">${t('reopen.reason')}</label>
        <input id="reopen-reason" type="text"><button type="button" id="reopen-consent">${t('action.consent_reopen')}</button></div>`);
    }
    return parts;
  }

  /** FILE 4.3, FISC I.5, Molins 2: a tile each, nearest to A starts, the blank beats A; a virtual bag draws
   * them itself, a physical one is typed in seat order. Where the profile takes the starter from the pairing
   * list (FILE 4.1) the officials record it instead: said, since the players may be waiting for it. */
  startHtml() {
    const v = this.view;
    const article = START_ARTICLE[v.profile] || '';
    const pairing = v.raw.next_actions.some((a) => a.type === 'give_starter') && PAIRING_ARTICLE[v.profile]
      ? `<p>${t('start.pairing', { article: PAIRING_ARTICLE[v.profile] })}</p>` : '';
    const typed = v.bagMode === 'virtual' ? ''
      : `<p>${t('start.type', { names: names(v.players.map((p) => escape(p.name))) })}</p>
        <pl-keyboard id="keyboard"></pl-keyboard><p class="word" id="word-preview"></p>`;
    return `<div class="group start">${pairing}<p class="hint">${t('start.ask', { article })}</p>${typed}
      <p id="entry-problem" class="problem" aria-live="polite">${escape(this.entryProblem || '')}</p>
      <button type="button" class="primary" id="draw-start">${t('action.draw_for_start')}</button></div>`;
  }

  /** The words a ruling is about: the challenge waiting, or the last ruling's (an appeal). */
  challengedWords() {
    const v = this.view;
    if (v.pending && v.pending.words) return v.pending.words;
    const row = v.rowOf(v.lastTurnIndex);
    return (row && row.challenge && row.challenge.words) || [];
  }

  rulingHtml() {
    const v = this.view;
    const mine = v.mine;
    const words = this.challengedWords().map((w) => wordHtml(v.set, w)).join(' ');
    const appeal = mine.has('rule_appeal') || (v.raw.proposed_ruling && v.raw.proposed_ruling.appeal);
    const head = `<p class="hint">${t(appeal ? 'ruling.appeal_words' : 'ruling.words')}</p><p class="word challenged">${words}</p>`;
    if (mine.has('rule_challenge') || mine.has('rule_appeal')) {
      return `<div class="group ruling">${head}<p>${t('ruling.how')}</p>
        <div class="buttons"><button type="button" class="primary" id="rule-valid">${t('action.rule_valid')}</button>
        <button type="button" class="primary" id="rule-invalid">${t('action.rule_invalid')}</button></div></div>`;
    }
    const proposed = v.raw.proposed_ruling || {};
    const verdict = t(proposed.valid ? 'ruling.valid' : 'ruling.invalid');
    return `<div class="group ruling">${head}
      <p class="announced-play">${t('ruling.proposed', { name: escape(v.name(proposed.seat)), verdict })}</p>
      ${mine.has('dispute_ruling') ? `<label for="dispute-reason">${t('ruling.dispute_reason')}</label>
        <input id="dispute-reason" type="text" value="${escape(t('ruling.dispute_default'))}">` : ''}
      <div class="buttons">${mine.has('confirm_ruling') ? `<button type="button" class="primary" id="ruling-confirm">${t('action.confirm_ruling')}</button>` : ''}
      ${mine.has('dispute_ruling') ? `<button type="button" class="arbiter" id="ruling-dispute">${t('action.dispute_ruling')}</button>` : ''}</div></div>`;
  }

  /** The line this seat owes on its own sheet (the sheet read model's `owed`): a play that stood after this
   * player's challenge was ruled valid, not yet written down (FILE 37). Not while its own line is queued. */
  owedLine() {
    const v = this.view;
    if (v.closed || this.shared) return null;
    for (const sheet of v.sheets) {
      const row = sheet.rows.find((r) => r.owed.includes(this.seat));
      if (row && !this.queued('write_sheet_entry', (c) => c.player === sheet.seat && c.turn === row.number)) {
        return { ...row, seat: sheet.seat };
      }
    }
    return null;
  }

  owedHtml(row) {
    const v = this.view;
    const name = escape(v.name(row.seat));
    return `<div class="group owed" data-testid="owed-line"><p class="hint">${t('owed.ask', { name, number: row.number })}</p>
      <p class="word">${wordHtml(v.set, row.wordNotation || row.word)} <span class="coord">${escape(row.coordinates || '')}</span></p>
      <div class="numbers">
        <label>${t('answer.score', { name })} <input id="owed-score" type="number" inputmode="numeric" min="0" value="${row.entered ?? ''}"></label>
        <label>${t('answer.total', { name })} <input id="owed-total" type="number" inputmode="numeric" min="0"></label>
      </div>
      <button type="button" class="primary" id="owed-write" data-player="${row.seat}" data-line="${row.number}">${t('action.write_owed')}</button></div>`;
  }

  /** FILE 28.1.2: the opponent sees X + 2 of the overdrawn tiles and chooses X to go back. */
  overdrawReturnHtml() {
    const v = this.view;
    const overdraw = v.raw.overdraw || {};
    const sample = overdraw.sample || [];
    const chooser = sample.map((l, i) => this.rackTile(l, i, true)).join('');
    return `<div class="group overdraw"><p>${t('overdraw.choose', { count: overdraw.excess ?? '' })}</p>
      <div class="rack choose" role="group" aria-label="${t('overdraw.sample')}">${chooser}</div>
      <button type="button" class="primary" id="overdraw-return">${t('action.overdraw_return', { count: this.entry.chosen.length })}</button></div>`;
  }

  sanctionAppealHtml() {
    const v = this.view;
    const standing = (v.raw.sanctions || []).map((s, index) => ({ ...s, index }))
      .filter((s) => s.seat === this.seat && s.status === 'standing');
    return standing.map((s) => `<div class="group"><p>${t('sanction.yours', { points: s.points, reason: escape(s.reason || '') })}</p>
      <label for="sanction-argument-${s.index}">${t('appeal.argument')}</label><input id="sanction-argument-${s.index}" type="text">
      <button type="button" class="sanction-appeal" data-index="${s.index}">${t('action.appeal_sanction')}</button></div>`).join('');
  }

  /** True where this tablet's outbox holds a command of `type` for the game as shown (`match` narrows it):
   * a step already taken, waiting to be sent, is shown as such and never offered again. */
  queued(type, match = () => true) {
    return Boolean(this.outbox && this.outbox.items.some((r) => r.command.type === type && r.state !== 'refused'
      && match(r.command)));
  }

  /** The handlers of these steps' controls, by id and by class (controls.js wires them with the rest). */
  stepHandlers() {
    const v = () => this.view.version;
    const text = (id, fallback) => (document.getElementById(id)?.value || '').trim() || fallback;
    const number = (id) => { const el = document.getElementById(id); return el && el.value !== '' ? Number(el.value) : null; };
    const rule = (valid) => this.send(more.rule(v(), this.view.mine.has('rule_appeal') ? 'rule_appeal' : 'rule_challenge', valid));
    return {
      byId: {
        'draw-start': () => {
          if (this.view.bagMode === 'virtual') return this.send(more.drawForStart(v()));
          const tiles = this.entry.typed.map((x) => (x.blank ? '?' : x.letter));
          if (tiles.length !== this.view.players.length) { this.showProblem('start.problem'); return null; }
          return this.send(more.drawForStart(v(), tiles));
        },
        'rule-valid': () => rule(true),
        'rule-invalid': () => rule(false),
        'ruling-confirm': () => this.send(more.confirmRuling(v())),
        'ruling-dispute': () => this.send(more.disputeRuling(v(), text('dispute-reason', t('ruling.dispute_default')))),
        'owed-write': (b) => {
          const score = number('owed-score');
          const total = number('owed-total');
          if (score == null && total == null) return null;
          return this.send(api.commands.writeSheet(v(), { sheet: this.seat, player: Number(b.dataset.player),
            line: Number(b.dataset.line), score, total }));
        },
        'overdraw-return': () => {
          const sample = (this.view.raw.overdraw || {}).sample || [];
          if (!this.entry.chosen.length) return null;
          return this.send(more.chooseOverdrawReturn(v(), this.entry.chosen.map((i) => sample[i])));
        },
        senyors: () => this.send(more.redrawSenyors(v(), this.knownRack() || [])),
        'reopen-consent': () => this.send(more.consentReopen(v(), text('reopen-reason', t('reopen.default')))),
      },
      byClass: {
        'sanction-appeal': (b) => this.send(more.appealSanction(v(), Number(b.dataset.index),
          text(`sanction-argument-${b.dataset.index}`, t('appeal.default')))),
      },
    };
  }
};
