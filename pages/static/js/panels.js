// The panels of the tablet page as HTML, from the GameView and the play being typed: the scores and rack,
// what this seat may do now (only what next_actions offer), the settlement, the lock, the discrepancies.
// Mixed into the page's Tablet (tablet.js), which wires them up.

import { t, names, known } from './i18n.js';
import { waitingLines } from './waiting.js';
import { START_ARTICLE, PLAYERS_RULE } from './offers.js';
import { seatsToAct } from './seats.js';
import { tileHtml, tileName, wordHtml } from './components/board.js';
import { receiptHtml } from './receipt.js';
import { replacementLines } from './replacing.js';

export const escape = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export class Panels {
  gameLine() {
    const v = this.view;
    const parts = [v.event, v.round != null ? t('game.round', { round: v.round }) : null,
      v.table != null ? t('game.table', { table: v.table }) : null,
      v.profile ? known(`director.profile.${v.profile}`) ?? v.profile : null]; // «FILE 2024», not its id
    return parts.filter(Boolean).join(' · ');
  }

  bannerHtml() {
    const v = this.view;
    if (!v.knowsWaiting && !v.closed) return `<p class="main">${escape(t('loading'))}</p>`; // neither the state nor a status read model said what the game waits for
    // A shared tablet speaks of both players by name ("waiting for Berta to accept"), never "you".
    const lines = waitingLines({ kind: v.waiting.kind, seats: v.waiting.seats, seat: this.shared ? null : this.seat, closed: v.closed,
      placer: v.pending ? v.pending.seat : null, clockStop: v.clockStop, mayAppeal: v.mayAppeal,
      name: (s) => v.name(s), proposed: v.raw.proposed_ruling || null, mayDraw: v.mine.has('draw_tiles'),
      drawForStart: v.mine.has('draw_for_start'), article: START_ARTICLE[v.profile] || '' });
    // What this seat did is waiting in the outbox (no network): the banner says it is done, not «your turn» again.
    const queued = this.pendingTypes();
    if (queued.length && lines.length && lines[0].key.endsWith('.you')) {
      lines[0] = { key: 'wait.pending', params: { what: queued.map((type) => t(`command.${type}`)).join(', ') } };
    }
    return lines.map((line, i) => {
      const params = { ...line.params };
      if (Array.isArray(params.names)) params.names = names(params.names);
      if (line.key === 'wait.clock_stop') params.reason = t(`clock_stop.${params.reason || 'other'}`);
      return `<p class="${i ? 'also' : 'main'}">${escape(t(line.key, params))}</p>`;
    }).join('') + v.warnings.filter((w) => w.code === 'second_device').map((w) => `<p class="also">${escape(
      t('warn.second_device', { name: v.name(w.seat) }))}</p>`).join('') + this.replacementHtml();
  }

  /** When what the game waits for changes, the actions are shown from their head if the panel, left scrolled down
   * by the last step, hid it under the sticky scores (the challenged words of a ruling were hidden there). */
  showNewStep() {
    const kind = this.view.waiting.kind;
    if (kind === this.shownStep) return;
    this.shownStep = kind;
    const side = document.querySelector('.side');
    const actions = document.getElementById('actions');
    const scores = document.querySelector('.side > .scores');
    if (!side || !actions || !scores) return;
    const hidden = scores.getBoundingClientRect().bottom - actions.getBoundingClientRect().top;
    if (hidden > 0) side.scrollTop -= hidden + 8;
  }

  /** The types of this tablet's own commands waiting to be sent (not refused; not the page's device reports). */
  pendingTypes() {
    if (!this.outbox) return [];
    return [...new Set(this.outbox.items.filter((r) => r.state !== 'refused' && r.command.type !== 'report_device')
      .map((r) => r.command.type))];
  }

  /** A seat's key replaced, or being replaced (replacing.js): said on every tablet; the opponent confirms. */
  replacementHtml() {
    const v = this.view;
    const seats = this.held && this.held.length ? this.held : [this.seat];
    return replacementLines(v.raw, seats, (s) => v.name(s), t).map((line) => `<p class="also key-replacement"
      data-testid="${line.confirm ? 'key-replacing' : line.key === 'key.waiting' ? 'key-waiting' : 'key-replaced'}">${escape(
      t(line.key, line.params))}${line.confirm ? ` <button type="button" class="confirm-replacement primary"
      data-seat="${line.confirm.seat}" data-fingerprint="${escape(line.confirm.fingerprint)}">${escape(t('key.confirm'))}</button>`
      : ''}</p>`).join('');
  }

  refusalHtml() {
    const r = this.refusal;
    const body = r.body || {};
    const what = t(`command.${r.command.type}`);
    const why = r.status === 409 ? t('refused.conflict') : body.message || String(r.status);
    return `<div class="refusal" role="alert" data-testid="refused" data-id="${escape(r.id)}" data-status="${r.status}"><p><strong>${t('refused.title', { what })}</strong> ${escape(why)}
      ${body.article ? ` <span class="article">(${escape(body.article)})</span>` : ''}</p>
      <div class="buttons">${r.status === 409 ? `<button type="button" class="primary" id="refusal-retry">${t('refused.retry')}</button>` : ''}
      <button type="button" id="refusal-discard">${t('refused.discard')}</button></div></div>`;
  }

  scoresHtml() {
    const v = this.view;
    const players = v.players.map((p) => {
      const turn = v.onTurn === p.seat;
      return `<li class="player${turn ? ' on-turn' : ''}${p.seat === this.seat ? ' me' : ''}">
        <span class="name">${escape(p.name)}${p.seat === this.seat && !this.shared ? ` <span class="you">(${t('score.you')})</span>` : ''}</span>
        <span class="score">${p.score}</span>
        ${turn ? `<span class="turn-mark">${t('score.on_turn')}</span>` : ''}
        ${p.signed ? `<span class="signed">✔ ${t('sheet.signed')}</span>` : ''}</li>`;
    }).join('');
    const me = v.players.find((p) => p.seat === this.seat);
    const rack = me && me.rack ? `<div class="rack" role="group" aria-label="${t('rack.label')}">${me.rack.map((l) => this.rackTile(l)).join('')}</div>`
      : '';
    return `<section class="scores" aria-label="${t('score.label')}"><ul>${players}</ul>
      <p class="bag">${t('bag.count', { count: v.bagCount })}</p>${rack}</section>`;
  }

  rackTile(letter, index = null, selectable = false) {
    const set = this.view.set;
    const blank = letter === '?';
    const inner = blank ? `<span class="tile blank"><span class="letter">?</span></span>` : tileHtml(set, letter, false);
    const name = blank ? t('tile.blank') : tileName(set, letter, false);
    if (!selectable) return `<span role="img" aria-label="${name}">${inner}</span>`;
    const pressed = this.entry.chosen.includes(index);
    return `<button type="button" class="rack-tile" data-index="${index}" aria-pressed="${pressed}" aria-label="${name}">${inner}</button>`;
  }

  // ---- what this seat may do now (next_actions) --------------------------------------------------
  actionsHtml() {
    const v = this.view;
    const mine = v.mine;
    const parts = [];
    if (this.leaving) return this.leaveHtml();
    if (this.shared && v.bagMode === 'virtual' && !v.closed) {
      return `<p class="problem" role="alert">${t('shared.virtual_bag')}</p>`;
    }
    if (this.shared) parts.push(this.seatChoiceHtml());
    if (v.closed) parts.push(this.closedHtml());
    else if (v.settlement) parts.push(this.settlementHtml());
    parts.push(this.pendingHtml(), ...this.stepsHtml());
    if (mine.has('draw_tiles')) {
      // What the rack lacks and the bag holds (FILE 32: back to seven, as far as the bag allows).
      const most = Math.max(1, Math.min(7 - (v.players[this.seat].rackCount || 0), v.bagCount));
      const count = v.bagMode === 'virtual' ? '' : `<label>${t('draw.count')} <input id="draw-count" type="number" inputmode="numeric" min="1" max="${most}" value="${most}"></label>`;
      parts.push(`<div class="group">${count}<button type="button" class="primary" id="draw">${t('action.draw_tiles')}</button></div>`);
    }
    if (mine.has('place_tiles')) parts.push(this.entry.mode === 'exchange' ? this.exchangeHtml() : this.playHtml());
    if (mine.has('accept') || mine.has('challenge')) parts.push(this.answerHtml());
    if (mine.has('decide_off_centre')) {
      parts.push(`<div class="group"><p>${t('centre.ask', { name: escape(v.name(v.pending.seat)) })}</p>
        <button type="button" class="primary" id="centre-accept">${t('action.centre_accept')}</button>
        <button type="button" id="centre-refuse">${t('action.centre_refuse')}</button></div>`);
    }
    if (mine.has('appeal')) {
      parts.push(`<div class="group"><label for="appeal-argument">${t('appeal.argument')}</label>
        <input id="appeal-argument" type="text"><button type="button" id="appeal">${t('action.appeal')}</button></div>`);
    }
    if (mine.has('correct_overdraw')) {
      // FILE 28: the opponent points out an overdraw; whether the drawn tiles were seen decides the correction.
      parts.push(`<div class="group"><p>${t('overdraw.ask', { name: escape(v.name(v.overdrawSeat ?? v.onTurn)) })}</p>
        <button type="button" id="overdraw-unseen">${t('action.overdraw_unseen')}</button>
        <button type="button" id="overdraw-seen">${t('action.overdraw_seen')}</button></div>`);
    }
    if (mine.has('declare_end_rack')) parts.push(this.endRackHtml());
    if (mine.has('sign') && this.owedLine()) { // the line this player owes first (FILE 37), then the signature
      parts.push(`<div class="group"><p class="problem">${t('sign.owed_first')}</p></div>`);
    } else if (mine.has('sign')) {
      parts.push(`<div class="group"><label for="signature">${t('sign.name')}</label>
        <input id="signature" type="text" value="${escape(v.name(this.seat))}">
        <button type="button" class="primary" id="sign">${t('action.sign')}</button></div>`);
    }
    if (mine.has('call_arbiter')) {
      parts.push(`<div class="group"><button type="button" class="arbiter" id="call-arbiter">${t('action.call_arbiter')}</button></div>`);
    }
    return parts.join('') || `<p class="idle">${t('actions.none')}</p>`;
  }

  /** A shared tablet: who acts now, and the other player a tap away where both have something to do. */
  seatChoiceHtml() {
    const v = this.view;
    const acting = `<p class="acting">${t('shared.acting', { name: escape(v.name(this.seat)) })}</p>`;
    // The choice only where it is one: both players have something to do (end racks, signatures), or neither.
    if (seatsToAct(v.raw.next_actions, this.held).length === 1) return `<div class="group shared">${acting}</div>`;
    const seats = this.held.map((seat) => `<button type="button" class="seat-choice" data-seat="${seat}" aria-pressed="${seat === this.seat}">${
      escape(v.name(seat))}</button>`).join('');
    return `<div class="group shared">${acting}
      <div class="buttons" role="group" aria-label="${t('shared.who')}">${seats}</div></div>`;
  }

  /** Leaving game mode: before both signatures only with an official's token (release_seat); after, freely. */
  leaveHtml() {
    const closed = this.view.closed;
    const official = closed ? '' : `<label>${t('leave.official')} <input id="leave-token" type="password" autocomplete="off"></label>
      <label>${t('leave.reason')} <input id="leave-reason" type="text" value="${escape(t('leave.default_reason'))}"></label>`;
    return `<div class="group leave"><h2>${t('leave.open')}</h2><p>${t(closed ? 'leave.closed' : 'leave.help')}</p>${official}
      <p id="leave-problem" class="problem" role="alert">${escape(this.leaveProblem || '')}</p>
      <div class="buttons"><button type="button" class="primary" id="leave-confirm">${t(closed ? 'leave.closed_confirm' : 'leave.confirm')}</button>
      <button type="button" id="leave-cancel">${t('action.cancel')}</button></div></div>`;
  }

  playHtml() {
    const v = this.view;
    const e = this.entry;
    const mine = v.mine;
    const dir = (d) => `<button type="button" class="dir" data-dir="${d}" aria-pressed="${e.direction === d}">${t(`dir.${d}`)}</button>`;
    return `<div class="group play">
      <p class="hint">${e.start ? t('play.start_at', { square: this.startName() }) : t('play.tap_start')}</p>
      <div class="dirs" role="group" aria-label="${t('play.direction')}">${dir('H')}${dir('V')}</div>
      <p class="word" id="word-preview" aria-live="polite"></p>
      <pl-keyboard id="keyboard"></pl-keyboard>
      <div class="foot"><div class="numbers">
        <label>${t('play.announced')} <input id="announced" type="number" inputmode="numeric" min="0" max="10000" value="${escape(e.announced)}"></label>
        <label>${t('play.total')} <input id="total" type="number" inputmode="numeric" min="0" max="10000" value="${escape(e.total)}"></label>
      </div>
      <p id="entry-problem" class="problem" aria-live="polite">${escape(this.entryProblem || '')}</p>
      <div class="buttons">
        <button type="button" class="primary" id="record-play">${t('action.place_tiles')}</button>
        ${mine.has('exchange_tiles') ? `<button type="button" id="exchange-mode">${t('action.exchange')}</button>` : ''}
        ${mine.has('pass_turn') ? `<button type="button" id="pass">${t('action.pass')}</button>` : ''}
      </div></div></div>`;
  }

  startName() {
    const { start } = this.entry;
    return `${'ABCDEFGHIJKLMNO'[start.row]}${start.col + 1}`;
  }

  exchangeHtml() {
    const rack = this.knownRack();
    const chooser = rack && rack.length
      ? `<p>${t('exchange.choose')}</p><div class="rack choose" role="group" aria-label="${t('exchange.tiles')}">${
        rack.map((l, i) => this.rackTile(l, i, true)).join('')}</div>`
      : `<label>${t('exchange.count')} <input id="exchange-count" type="number" inputmode="numeric" min="1" max="7" value="${escape(this.entry.count)}"></label>`;
    return `<div class="group exchange">${chooser}
      <div class="buttons"><button type="button" class="primary" id="exchange">${rack ? t('action.exchange_confirm', { count: this.entry.chosen.length }) : t('action.exchange')}</button>
      <button type="button" id="exchange-cancel">${t('action.cancel')}</button></div></div>`;
  }

  answerHtml() {
    const v = this.view;
    const mine = v.mine;
    const placer = v.pending ? v.pending.seat : v.lastTurn && v.lastTurn.seat;
    const last = v.lastTurn || {};
    const row = v.rowOf(v.lastTurnIndex);
    const announced = row && row.entered != null ? row.entered : null;
    const e = this.entry;
    const score = e.announced !== '' ? e.announced : (announced ?? '');
    let challenge = '';
    if (mine.has('challenge')) {
      if (e.words) {
        challenge = `<fieldset class="words"><legend>${t('challenge.which')}</legend>${e.words.map((w, i) => `
          <label class="check"><input type="checkbox" data-word="${i}" ${w.chosen ? 'checked' : ''}> ${wordHtml(v.set, w.word)}</label>`).join('')}
          <div class="buttons"><button type="button" class="primary" id="challenge-send">${t(PLAYERS_RULE[v.profile] ? 'action.challenge_send_players' : 'action.challenge_send')}</button>
          <button type="button" id="challenge-cancel">${t('action.cancel')}</button></div></fieldset>`;
      } else {
        challenge = `<button type="button" id="challenge">${t('action.challenge')}</button>`;
      }
    }
    return `<div class="group answer">
      <p class="announced-play">${t('answer.play', { name: escape(v.name(placer)), word: wordHtml(v.set, last.word || ''),
        square: escape(last.coordinates || ''), announced: announced ?? '—' })}</p>
      ${mine.has('accept') ? `<div class="numbers">
        <label>${t('answer.score', { name: escape(v.name(placer)) })} <input id="write-score" type="number" inputmode="numeric" min="0" value="${escape(score)}"></label>
        <label>${t('answer.total', { name: escape(v.name(placer)) })} <input id="write-total" type="number" inputmode="numeric" min="0" value="${escape(e.total)}"></label>
      </div>` : ''}
      <div class="buttons">${mine.has('accept') ? `<button type="button" class="primary" id="accept" data-testid="accept">${t('action.accept')}</button>` : ''}
      ${challenge}</div></div>`;
  }

  /** The owner's rack when the service knows every tile on it (a virtual bag), else null (a physical bag). */
  knownRack() {
    const me = this.view.players[this.seat];
    return me.rack && me.rack.length === me.rackCount ? me.rack : null;
  }

  endRackHtml() {
    const rack = this.knownRack();
    const known = rack != null;
    const shown = known ? rack.map((l) => this.rackTile(l)).join('') : '';
    return `<div class="group endrack"><p>${t('endrack.ask')}</p>
      ${known ? `<div class="rack">${shown}</div>` : `<pl-keyboard id="keyboard"></pl-keyboard><p class="word" id="word-preview"></p>`}
      <button type="button" class="primary" id="end-rack">${t('action.declare_end_rack', { count: known ? rack.length : '' })}</button></div>`;
  }

  settlementHtml() {
    const s = this.view.settlement;
    const rows = (s.players || []).map((p, seat) => `<tr><th scope="row">${escape(p.name || this.view.name(seat))}</th>
      <td class="num">${p.score_before ?? ''}</td><td class="num">${p.rack_adjustment ?? 0}</td>
      <td class="num">${p.time_penalty ?? 0}</td><td class="num">${p.sanctions ?? 0}</td><td class="num final">${p.final_score}</td></tr>`).join('');
    return `<div class="group settlement"><h2>${t('settle.title')}</h2>
      <p>${t('settle.cause', { cause: t(`cause.${s.cause}`) })} · ${s.winner != null ? t('settle.winner', { name: escape(typeof s.winner === 'number' ? this.view.name(s.winner) : s.winner) }) : t('settle.draw')}</p>
      <table><thead><tr><th scope="col">${t('settle.player')}</th><th scope="col">${t('settle.before')}</th>
      <th scope="col">${t('settle.racks')}</th><th scope="col">${t('settle.time')}</th><th scope="col">${t('settle.sanctions')}</th>
      <th scope="col">${t('settle.final')}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  }

  closedHtml() {
    return `${this.settlementHtml()}${receiptHtml(this.receipt, t, escape)}<div class="group locked"><p class="lock">${t('closed.locked')}</p>
      <div class="buttons"><button type="button" id="download-html">${t('closed.download_sheet')}</button>
      <button type="button" id="download-gcg">${t('closed.download_gcg')}</button></div></div>`;
  }

  discrepanciesHtml() {
    const v = this.view;
    const found = v.discrepancies;
    // A line owed (a play that stood after a valid ruling, not written down by its challenger: FILE 37) is a
    // discrepancy too, to settle before signing.
    const owed = v.sheets.flatMap((sheet) => sheet.rows.flatMap((r) => r.owed.map((owner) => `<li data-testid="owed">${
      t('diff.owed', { name: escape(v.name(sheet.seat)), number: r.number, owner: escape(v.name(owner)) })}</li>`)));
    if (!found.length && !owed.length) return '';
    const items = found.map((d) => {
      const parts = Object.entries(d.sheets).filter(([, value]) => value != null)
        .map(([seat, value]) => t('diff.wrote', { name: escape(v.name(+seat)), value }));
      if (d.announced != null) parts.unshift(t('diff.announced', { value: d.announced })); // what was said, then written
      const wrong = [d.announced, ...Object.values(d.sheets)].find((x) => x != null && x !== d.true);
      const fix = v.mine.has('correct_score') && v.players.length === 2
        ? ` <button type="button" class="fix" data-player="${d.seat}" data-line="${d.number}" data-field="${d.field}" data-old="${wrong}" data-new="${d.true}">${
          t('action.correct', { value: d.true })}</button>` : '';
      // "Ana, play 3, score: true value 9 (announced 10; Berta wrote 8)": the brackets only when someone said a value.
      const said = parts.filter((part) => part && part.trim());
      return `<li>${t('diff.line', { name: escape(v.name(d.seat)), number: d.number, field: t(`field.${d.field}`), value: d.true })}${
        said.length ? ` (${said.join('; ')})` : ''}${fix}</li>`;
    }).join('');
    return `<section class="discrepancies" role="alert" aria-label="${t('diff.title')}"><h2>⚠ ${t('diff.title')}</h2><ul>${items}${owed.join('')}</ul></section>`;
  }
}
