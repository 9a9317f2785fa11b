// The judge's desk for a duplicate game (issue 18; an arbiter's or director's token): start the next round
// (the rack from the physical bag on the tile keyboard, or drawn by the service), the round's countdown, the
// slips as they arrive (live, over the stream), «¡Tiempo!», rulings on words (valid or not, with the reason),
// the master (a slip, a play entered, or computed from a loaded lexicon), the round's results, corrections with
// their reason. Every refusal is shown as the service gave it: message, field, rule, article.

import * as dup from './duplicate/service.js';
import { readAccess, accessForm } from './duplicate/access.js';
import { roundLeft, showLeft, clock } from './duplicate/timer.js';
import { refusalLine } from './duplicate/refusal.js';
import { arrivalTime } from './duplicate/format.js';
import { endedHtml, endCause, rulingText, lexiconOption } from './duplicate/words.js';
import { boardOf } from './notation.js';
import { tileset, parseRow } from './tiles.js';
import { t, use, initial, choose, languagePicker } from './i18n.js';
import { tileHtml } from './components/board.js';
import { escape } from './panels.js';
import { patch } from './patch.js';
import './components/keyboard.js';

const app = document.getElementById('app');
const KEY = 'planilla.judge';
const ENTERED = new Set(['waiting', 'published']);

class Desk {
  constructor(access) {
    this.id = access.duplicate;
    this.token = access.token;
    this.game = null;
    this.round = null;
    this.rulings = new Map();
    this.rack = null; // the rack being entered: tiles ('?' a blank)
    this.error = null;
    this.done = null; // what the last write did (said once)
    this.online = true;
    this.skew = 0;
    this.lexicons = []; // GET /v1/lexicons: what the data folder holds
    this.lexicon = null; // the one chosen for a computed master
  }

  async run() {
    const g = await dup.game(this.id, this.token);
    if (g.status !== 200) { await problem(refusalLine(g.status, g.body), this.id); return; }
    const lists = await dup.read('/v1/lexicons', this.token);
    if (lists.status === 200) this.lexicons = lists.body.lexicons;
    await this.refresh();
    app.addEventListener('click', (e) => this.click(e));
    app.addEventListener('change', (e) => {
      if (e.target.id === 'master-lexicon') { this.lexicon = e.target.value; this.render(); }
    });
    const stop = new AbortController();
    dup.live(this.id, this.token, this.game.version, () => this.refreshSoon(),
      (on) => { this.online = on; this.renderNet(); }, stop.signal);
    setInterval(() => this.tick(), 250);
  }

  get set() { return tileset(this.game.settings.tileset); }

  refreshSoon() {
    clearTimeout(this.soon);
    this.soon = setTimeout(() => this.refresh(), 60);
  }

  async refresh() {
    const ticket = (this.ticket = (this.ticket || 0) + 1); // a later read started: this one's answers are stale
    const g = await dup.game(this.id, this.token);
    if (ticket !== this.ticket) return;
    if (g.status !== 200) { if (this.game) { this.error = refusalLine(g.status, g.body); this.render(); } return; }
    const n = g.body.round;
    const [r, events] = await Promise.all([n ? dup.round(this.id, n, this.token) : null,
      dup.read(`/v1/duplicates/${this.id}/events`, this.token)]);
    if (ticket !== this.ticket) return;
    this.game = g.body;
    this.skew = g.skew;
    this.round = r && r.status === 200 ? r.body : null;
    if (events.status === 200) {
      this.rulings = new Map(events.body.events.filter((e) => e.type === 'WordRuled')
        .map((e) => [e.payload.word, e.payload]));
    }
    if (ENTERED.has(this.game.phase) && this.rack === null) this.rack = [...(this.game.phase === 'published' ? this.game.rack : [])];
    if (!ENTERED.has(this.game.phase)) this.rack = null;
    this.render();
  }

  /** Send one of the judge's writes; the answer is shown (a refusal as given) and the page reads again. */
  async write(path, body, done) {
    if (this.busy) return null; // one write at a time: a double tap is not a second «¡Tiempo!»
    this.busy = true;
    this.error = null;
    const answer = await dup.write(this.id, path, body, this.token).catch((e) => ({ status: 0, body: { message: e.message } }))
      .finally(() => { this.busy = false; });
    if (answer.status !== 200) this.error = refusalLine(answer.status, answer.body);
    else this.done = done ? done(answer.body) : null;
    await this.refresh();
    return answer;
  }

  value(id) {
    const el = document.getElementById(id);
    return el ? el.value.trim() : '';
  }

  click(e) {
    const b = e.target.closest('button[data-act]');
    if (!b) return;
    const n = this.game.round;
    const act = b.dataset.act;
    const ended = (a) => (a.result.ended ? t('judge.ended', { cause: endCause(a.result.ended, this.game) }) : null);
    if (act === 'start-entered') this.write('/rounds', { rack: this.rack }, ended);
    else if (act === 'start-drawn') this.write('/rounds', {}, ended);
    else if (act === 'close') this.write(`/rounds/${n}/close`, null, (a) => (a.result.missing.length
      ? t('judge.missing', { names: a.result.missing.map((s) => this.game.players[s]).join(', ') }) : null));
    else if (act === 'rule') {
      this.write('/rulings', { word: b.dataset.word, valid: b.dataset.valid === 'true', reason: this.value(`reason-${b.dataset.word}`) });
    } else if (act === 'master-slip') this.write(`/rounds/${n}/master`, { seat: Number(b.dataset.seat) });
    else if (act === 'master-entered') {
      this.write(`/rounds/${n}/master`, { word: this.value('master-word'), coordinates: this.value('master-coordinates') });
    } else if (act === 'master-computed') this.write(`/rounds/${n}/master`, { computed: true, lexicon: this.value('master-lexicon') });
    else if (act === 'publish') {
      const reason = this.value('publish-reason');
      this.write(`/rounds/${n}/publish`, reason ? { reason } : {}).then((a) => {
        // the next step is the next round: its panel comes into view (the results are on every slip page)
        if (a && a.status === 200) document.getElementById('next-round')?.scrollIntoView({ block: 'start' });
      });
    } else if (act === 'end-open') { this.endOpen = !this.endOpen; this.render(); } else if (act === 'end') {
      this.write('/end', { cause: this.value('end-cause'), reason: this.value('end-reason') });
    } else if (act === 'correct') {
      this.write(`/rounds/${this.value('correct-round') || n}/slips/${this.value('correct-seat')}/correct`,
        { word: this.value('correct-word'), coordinates: this.value('correct-coordinates'), reason: this.value('correct-reason') });
    } else if (act === 'rack-clear') { this.rack = []; this.render(); }
  }

  /** Seconds left in the round on the service's clock (display only). */
  left() {
    return roundLeft(this.game, this.round, this.skew);
  }

  tick() {
    const el = document.getElementById('timer');
    if (el && this.round && this.game.phase === 'playing') showLeft(el, this.left());
  }

  renderNet() {
    const c = document.getElementById('connection');
    if (!c) return;
    c.textContent = this.online ? t('net.online') : t('net.offline');
    c.className = this.online ? 'pill ok' : 'pill bad';
  }

  render() {
    const g = this.game;
    app.className = 'duplicate judge';
    app.dataset.version = g.version;
    app.dataset.phase = g.phase;
    app.dataset.round = g.round;
    patch(app, `
      <header class="bar">
        <div class="title"><strong>${t('judge.title')}</strong> <span>${g.round ? `${t('dup.round', { n: g.round })} · ` : ''}<span id="phase">${t(`dup.phase.${g.phase}`)}</span> · ${t('dup.bag', { count: g.bag })}</span></div>
        <div class="net"><span id="connection" role="status"></span></div>
        ${languagePicker()}
      </header>
      <div id="judge-error" class="refusal-line" role="alert">${this.error ? escape(this.error) : ''}</div>
      <div id="judge-done" class="done-line" role="status">${this.done ? escape(this.done) : ''}</div>
      <main class="desk">
        <section class="desk-board" aria-label="${t('board.area')}"><pl-board id="board"></pl-board></section>
        <section class="desk-side">
          ${this.roundHtml()}
          ${this.slipsHtml()}
          ${this.rulingsHtml()}
          ${this.masterHtml()}
          ${this.publishHtml()}
          ${this.correctHtml()}
        </section>
      </main>`);
    document.getElementById('lang').onchange = async (ev) => { await choose(ev.target.value); this.render(); };
    document.getElementById('board').update({ board: boardOf(g.board, this.set, parseRow), set: this.set, selectable: false });
    const keyboard = document.getElementById('rack-keyboard');
    if (keyboard) {
      keyboard.update({ set: this.set });
      if (!keyboard.wired) {
        keyboard.wired = true;
        keyboard.addEventListener('tile', (e) => { if (this.rack.length < 7) this.rack.push(e.detail.blank ? '?' : e.detail.letter); this.render(); });
        keyboard.addEventListener('erase', () => { this.rack.pop(); this.render(); });
        keyboard.addEventListener('clear', () => { this.rack = []; this.render(); });
      }
    }
    this.renderNet();
    this.tick();
  }

  rackTiles(rack) {
    return rack.map((x) => (x === '?' ? `<span class="tile blank" role="img" aria-label="${t('dup.blank_tile')}"><span class="letter">?</span></span>`
      : tileHtml(this.set, x, false))).join('');
  }

  roundHtml() {
    const g = this.game;
    if (g.phase === 'ended') return endedHtml(g, 'panel');
    if (ENTERED.has(g.phase)) {
      return `<section class="panel" id="next-round" aria-label="${t('judge.next_round')}"><h2>${t('judge.next_round')}</h2>
        ${g.phase === 'published' && g.rack.length ? `<p>${t('judge.remainder')}: <span class="rack inline">${this.rackTiles(g.rack)}</span></p>` : ''}
        <p>${t('judge.rack_help')}</p>
        <p class="rack inline" id="rack-entered" aria-label="${t('judge.rack_entered')}">${this.rackTiles(this.rack || [])}</p>
        <pl-keyboard id="rack-keyboard"></pl-keyboard>
        <div class="buttons"><button type="button" class="primary" data-act="start-entered">${t('judge.start_entered')}</button>
        <button type="button" data-act="start-drawn">${t('judge.start_drawn')}</button></div>
        ${this.endHtml()}</section>`;
    }
    const rack = this.round ? this.round.rack : g.rack;
    if (g.phase !== 'playing') {
      return `<section class="panel" aria-label="${t('dup.rack')}"><h2>${t('dup.rack')} <span class="pill over">${t('dup.time_up')}</span></h2>
        <p class="rack inline">${this.rackTiles(rack)}</p></section>`;
    }
    return `<section class="panel" aria-label="${t('dup.rack')}"><h2>${t('dup.rack')}</h2><p class="rack inline">${this.rackTiles(rack)}</p>
      <div id="timer" class="timer" role="timer"><span class="what">${t('dup.timer')}</span> <span class="clock">${clock(this.left())}</span></div>
      <button type="button" class="primary big" data-act="close">${t('judge.close')}</button></section>`;
  }

  slipsHtml() {
    const r = this.round;
    if (!r) return '';
    const choosing = this.game.phase === 'closed';
    const asked = Boolean(this.game.settings.slip_score); // the players write their score (FISC II.2, AJS 3.2.2)
    const declared = (s) => (s.declared == null ? '' : s.score_check === 'differs'
      ? `<strong class="bad-text" aria-label="${t('judge.score_differs', { declared: s.declared, score: s.score })}">${s.declared}</strong>` : String(s.declared));
    const rows = r.slips.map((s) => `<tr data-seat="${s.seat}"><td>${s.seat}</td><td>${escape(this.game.players[s.seat])}</td>
      <td class="w">${escape(s.word)}</td><td>${escape(s.coordinates)}</td><td>${arrivalTime(s.arrived_at)}</td>
      <td>${s.score == null ? '' : ((s.causes || []).length ? `<s aria-label="${t('judge.null_score', { score: s.score })}">${s.score}</s>` : s.score)}</td>${asked ? `<td class="declared">${declared(s)}</td>` : ''}<td>${(s.causes || []).map((c) => t(`dup.cause.${c}`)).join(', ')}</td>
      <td>${choosing && !(s.causes || []).length ? `<button type="button" data-act="master-slip" data-seat="${s.seat}" aria-label="${t('judge.master_this', { name: escape(this.game.players[s.seat]) })}">${t('judge.master_short')}</button>` : ''}</td></tr>`);
    const missing = r.missing && r.missing.length ? `<p>${t('judge.missing', { names: r.missing.map((s) => escape(this.game.players[s])).join(', ') })}</p>` : '';
    return `<section class="panel" id="slips" aria-label="${t('judge.slips')}"><h2>${t('judge.slips')} (${r.slips.length}/${this.game.players.length})</h2>
      <table><thead><tr><th>#</th><th>${t('dup.player')}</th><th>${t('dup.word')}</th><th>${t('dup.coordinates')}</th>
      <th>${t('judge.arrived')}</th><th>${t('dup.score')}</th>${asked ? `<th>${t('judge.declared')}</th>` : ''}<th>${t('judge.causes')}</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>${missing}</section>`;
  }

  /** Every word the round's slips formed (main word first), with its ruling so far. */
  rulingsHtml() {
    const r = this.round;
    if (!r || !['closed', 'mastered', 'published'].includes(this.game.phase)) return '';
    const words = [...new Set(r.slips.flatMap((s) => s.words || []))];
    if (!words.length) return '';
    const advisory = [...new Set(words.map((w) => this.rulings.get(w)).filter((r) => r && r.advisory).map((r) => r.source.slice(8)))];
    return `<section class="panel" id="rulings" aria-label="${t('judge.rulings')}"><h2>${t('judge.rulings')}</h2>
      ${advisory.length ? `<p class="advisory" id="rulings-advisory">${t('judge.advisory_note', { names: advisory.map(escape).join(', ') })}</p>` : ''}
      <ul class="rulings">${words.map((w) => {
      const ruled = this.rulings.get(w);
      const state = ruled ? (ruled.valid ? t('judge.valid') : t('judge.invalid')) : t('judge.unruled');
      const why = ruled ? rulingText(ruled) : '';
      return `<li data-word="${escape(w)}"><strong class="w">${escape(w)}</strong> <span class="ruled ${ruled ? (ruled.valid ? 'ok-text' : 'bad-text') : ''}">${state}</span>${why ? ` <span class="why">${why}</span>` : ''}
        <span class="controls"><input id="reason-${escape(w)}" aria-label="${t('judge.reason_for', { word: escape(w) })}" placeholder="${t('judge.reason')}">
        <button type="button" data-act="rule" data-word="${escape(w)}" data-valid="true" aria-label="${t('judge.valid_word', { word: escape(w) })}">${t('judge.valid')}</button>
        <button type="button" data-act="rule" data-word="${escape(w)}" data-valid="false" aria-label="${t('judge.invalid_word', { word: escape(w) })}">${t('judge.invalid')}</button></span></li>`;
    }).join('')}</ul></section>`;
  }

  masterHtml() {
    const r = this.round;
    if (!r) return '';
    if (r.master) {
      return `<section class="panel" id="master" aria-label="${t('dup.master')}"><h2>${t('dup.master')}</h2>
        <p class="master-line"><strong>${escape(r.master.word)} ${escape(r.master.coordinates)} · ${r.master.score}</strong> (${t(`judge.method.${r.master.method}`)})</p>
        ${this.masterNote(r.master)}</section>`;
    }
    if (this.game.phase !== 'closed') return '';
    return `<section class="panel" id="master" aria-label="${t('dup.master')}"><h2>${t('dup.master')}</h2><p>${t('judge.master_help')}</p>
      <div class="fields"><label>${t('dup.word')}<input id="master-word" autocomplete="off"></label>
      <label>${t('dup.coordinates')}<input id="master-coordinates" autocomplete="off"></label>
      <button type="button" data-act="master-entered">${t('judge.master_entered')}</button></div>
      ${this.lexiconHtml()}</section>`;
  }

  /** The lexicons the service holds, for a computed master: those in the game's tiles to choose from; a list not
   * declared official is said to give advisory verdicts before it is used. */
  lexiconHtml() {
    const usable = this.lexicons.filter((x) => x.tileset === this.game.settings.tileset);
    if (!usable.length) return `<p class="note" id="no-lexicon">${t('judge.no_lexicon')}</p>`;
    const chosen = usable.find((x) => x.name === this.lexicon) || usable.find((x) => x.official) || usable[0];
    return `<div class="fields"><label>${t('judge.lexicon')}<select id="master-lexicon">${usable.map((x) =>
      `<option value="${escape(x.name)}"${x === chosen ? ' selected' : ''}>${escape(lexiconOption(x))}</option>`).join('')}</select></label>
      <button type="button" data-act="master-computed">${t('judge.master_computed')}</button></div>
      <p class="${chosen.advisory ? 'advisory' : 'note'}" id="lexicon-kind">${t(chosen.advisory ? 'judge.lexicon_advisory' : 'judge.lexicon_official', { name: escape(chosen.name) })}</p>`;
  }

  /** How a master was chosen, beyond its method: the lexicon (advisory or not), a player's equal top (AJS 3.2.3). */
  masterNote(m) {
    if (m.method !== 'computed') return '';
    const parts = [];
    if (m.seat != null) parts.push(t('judge.players_top', { name: escape(this.game.players[m.seat] || ''), tops: m.tops }));
    else if (m.tops > 1) parts.push(t('judge.generator_tops', { tops: m.tops }));
    if (m.lexicon) parts.push(t(m.advisory ? 'judge.master_advisory' : 'judge.master_lexicon', { name: escape(m.lexicon) }));
    return `<p class="${m.advisory ? 'advisory' : 'note'}" id="master-note">${parts.join(' · ')}</p>`;
  }

  /** Ending the game by the judge's word (FISC II.6, AJS 3.2.7): no valid play remains, or force majeure. */
  endHtml() {
    const open = Boolean(this.endOpen);
    return `<div class="end-game"><button type="button" data-act="end-open" aria-expanded="${open}">${t('judge.end')}</button>
      ${open ? `<div class="fields" id="end-form">
      <label>${t('judge.end_cause')}<select id="end-cause"><option value="no_play">${t('dup.end.no_play')}</option>
        <option value="force_majeure">${t('dup.end.force_majeure')}</option></select></label>
      <label>${t('judge.reason')}<input id="end-reason" autocomplete="off"></label>
      <button type="button" data-act="end">${t('judge.end_send')}</button></div>` : ''}</div>`;
  }

  publishHtml() {
    const phase = this.game.phase;
    if (!['mastered', 'published'].includes(phase) || !this.round) return '';
    const again = phase === 'published';
    return `<section class="panel" id="publish" aria-label="${t('judge.publish')}"><h2>${t('judge.publish')}</h2>
      ${again ? `<label>${t('judge.publish_reason')}<input id="publish-reason" autocomplete="off"></label>` : ''}
      <button type="button" class="primary" data-act="publish">${again ? t('judge.publish_again') : t('judge.publish')}</button></section>`;
  }

  correctHtml() {
    if (!this.round) return '';
    const seats = this.game.players.map((p, i) => `<option value="${i}">${i} · ${escape(p)}</option>`).join('');
    return `<section class="panel" id="correct" aria-label="${t('judge.correct')}"><h2>${t('judge.correct')}</h2><div class="fields">
      <label>${t('dup.round_short')}<input id="correct-round" type="number" min="1" value="${this.game.round}"></label>
      <label>${t('dup.player')}<select id="correct-seat">${seats}</select></label>
      <label>${t('dup.word')}<input id="correct-word" autocomplete="off"></label>
      <label>${t('dup.coordinates')}<input id="correct-coordinates" autocomplete="off"></label>
      <label>${t('judge.reason')}<input id="correct-reason" autocomplete="off"></label>
      <button type="button" data-act="correct">${t('judge.correct_send')}</button></div></section>`;
  }
}

async function problem(text, duplicate) {
  accessForm(app, KEY, { title: t('judge.title'), help: t('judge.sign_in_help'), duplicate, problem: text }, start);
}

async function start() {
  await use(initial(null));
  const access = readAccess(KEY);
  if (!access.duplicate || !access.token) { await problem(null, access.duplicate); return; }
  await new Desk(access).run();
}

start();
