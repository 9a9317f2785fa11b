// The tablet page's controls: one listener per kind of input, wired once on the page's root (the page is
// patched in place, not rebuilt: patch.js). Each handler reads the view as it is when the player taps.
// Mixed into the page's Tablet (tablet.js).

import * as receipts from './receipt.js';
import * as api from './api.js';
import { t, choose } from './i18n.js';
import { forgetSession } from './binding.js';

const app = document.getElementById('app');

export const Controls = (Base) => class extends Base {
  /** One listener per kind of input on the page, wired once: the page is patched, not rebuilt, so a
   * handler reads the view as it is when the player taps, never as it was when the button was drawn. */
  wire() {
    const value = (id) => { const el = document.getElementById(id); return el && el.value !== '' ? Number(el.value) : null; };
    const kept = { announced: 'announced', total: 'total', 'write-score': 'announced', 'write-total': 'total',
      'exchange-count': 'count' };
    const byId = {
      'refusal-retry': async () => {
        // The player looked at the game as it is now and sends the same command again at its version (a new
        // request: the Outbox gives it a new Idempotency-Key); what was chained after it follows it.
        const refusal = this.refusal;
        this.refusal = null;
        await this.outbox.retry(refusal.id, await this.resign(refusal)); // a key-signed one signs the head shown now
        this.render();
      },
      'refusal-discard': async () => { const { id } = this.refusal; this.refusal = null; await this.outbox.discard(id); this.render(); },
      draw: () => {
        const count = value('draw-count');
        return this.send(api.commands.drawTiles(this.view.version, count ? { count } : {}));
      },
      'record-play': () => this.recordPlay(),
      zoom: () => { this.zoomed = !this.zoomed; this.render(); },
      pass: () => this.send(api.commands.pass(this.view.version)),
      'exchange-mode': () => { this.entry.mode = 'exchange'; this.entry.chosen = []; this.render(); },
      'exchange-cancel': () => { this.entry.mode = 'play'; this.render(); },
      exchange: () => {
        const rack = this.knownRack();
        if (rack && rack.length) {
          if (!this.entry.chosen.length) return null;
          return this.send(api.commands.exchange(this.view.version, { tiles: this.entry.chosen.map((i) => rack[i]) }));
        }
        const count = value('exchange-count');
        return count ? this.send(api.commands.exchange(this.view.version, { count })) : null;
      },
      accept: () => this.accept(),
      challenge: () => this.openChallenge(),
      'challenge-cancel': () => { this.entry.words = null; this.render(); },
      'challenge-send': () => {
        const words = this.entry.words.filter((w) => w.chosen).map((w) => w.word);
        if (!words.length) return null;
        const all = words.length === this.entry.words.length;
        this.entry.words = null;
        return this.send(api.commands.challenge(this.view.version, all ? null : words));
      },
      'centre-accept': () => this.send(api.commands.decideOffCentre(this.view.version, true)),
      'centre-refuse': () => this.send(api.commands.decideOffCentre(this.view.version, false)),
      appeal: () => {
        const argument = document.getElementById('appeal-argument').value.trim() || t('appeal.default');
        return this.send(api.commands.appeal(this.view.version, argument));
      },
      'end-rack': () => {
        const rack = this.knownRack();
        const tiles = rack != null ? rack : this.entry.typed.map((x) => (x.blank ? '?' : x.letter));
        return this.send(api.commands.endRack(this.view.version, tiles));
      },
      sign: () => {
        const signature = document.getElementById('signature').value.trim() || this.view.name(this.seat);
        return this.send(api.commands.sign(this.view.version, signature));
      },
      'call-arbiter': () => this.send(api.commands.callArbiter(this.view.version)),
      'overdraw-unseen': () => this.send(api.commands.correctOverdraw(this.view.version, false)),
      'overdraw-seen': () => this.send(api.commands.correctOverdraw(this.view.version, true)),
      'download-html': () => this.download('html'),
      'download-gcg': () => this.download('gcg'),
      'receipt-confirmed': () => { receipts.confirm(this.session.game, this.seat); this.receipt = receipts.kept(this.session.game, this.seat); this.render(); },
      leave: () => { this.leaving = !this.leaving; this.leaveProblem = null; this.render(); },
      'leave-cancel': () => { this.leaving = false; this.leaveProblem = null; this.render(); },
      'leave-confirm': () => this.leaveGameMode(),
    };
    const byClass = {
      'seat-choice': (b) => this.chooseSeat(Number(b.dataset.seat)),
      'confirm-replacement': (b) => this.confirmReplacement(Number(b.dataset.seat), b.dataset.fingerprint),
      dir: (b) => { this.entry.direction = b.dataset.dir; this.render(); },
      'rack-tile': (b) => {
        const i = Number(b.dataset.index);
        const { chosen } = this.entry;
        this.entry.chosen = chosen.includes(i) ? chosen.filter((x) => x !== i) : [...chosen, i];
        this.render();
      },
      fix: (b) => {
        const v = this.view;
        const other = v.players.find((p) => p.seat !== this.seat).seat;
        return this.send(api.commands.correctScore(v.version, { player: Number(b.dataset.player), line: Number(b.dataset.line),
          field: b.dataset.field, old: Number(b.dataset.old), value: Number(b.dataset.new), agreedBy: other,
          reason: t('diff.reason') }));
      },
    };
    const steps = this.stepHandlers(); // steps.js: the rarer steps' controls
    Object.assign(byId, steps.byId);
    Object.assign(byClass, steps.byClass);
    app.addEventListener('click', (e) => {
      const button = e.target.closest('button');
      if (!button || !app.contains(button) || button.closest('pl-keyboard, pl-board')) return;
      const handler = byId[button.id] || Object.entries(byClass).find(([name]) => button.classList.contains(name))?.[1];
      if (!handler || !this.view) return;
      // Each tap that reaches a handler is counted once its commands are queued (the browser tests wait on it).
      Promise.resolve(handler(button)).catch((error) => console.error(error)).finally(() => {
        app.dataset.taps = String(Number(app.dataset.taps || 0) + 1);
      });
    });
    app.addEventListener('input', (e) => {
      const field = kept[e.target.id];
      if (field) this.entry[field] = e.target.value;
    });
    app.addEventListener('change', async (e) => {
      if (e.target.dataset.word != null && this.entry.words) this.entry.words[Number(e.target.dataset.word)].chosen = e.target.checked;
      if (e.target.id === 'lang') { await choose(e.target.value); this.render(); }
    });
  }


  /** Leave game mode: once the game is closed, at once; before that, an official releases each seat this
   * tablet holds (release_seat, with the official's token: the seat's device tokens are revoked in the same
   * save) and nothing may still wait in the outbox. Then the tablet forgets its binding. */
  async leaveGameMode() {
    // Kept on the tablet, not only in the DOM: a redraw (the stream's next state) shows it again.
    const problem = (key, params) => {
      this.leaveProblem = t(key, params);
      document.getElementById('leave-problem').textContent = this.leaveProblem;
    };
    if (!this.view.closed) {
      if (this.outbox.length) { problem('leave.waiting'); return; }
      const official = document.getElementById('leave-token').value.trim();
      if (!official) { problem('leave.need_official'); return; }
      const reason = document.getElementById('leave-reason').value.trim() || t('leave.default_reason');
      let version = this.view.version;
      for (const seat of this.held) {
        const answer = await api.releaseSeat(this.session.game, official, { version, seat, reason })
          .catch((error) => ({ status: 0, body: { message: String(error.message || error) } }));
        if (answer.status !== 200) {
          const body = answer.body || {};
          // A player's token or a stale one: said in the device's language; anything else in the service's words.
          const why = [401, 403].includes(answer.status) ? t('leave.not_official') : body.message || body.detail || answer.status;
          problem('leave.refused', { why });
          return;
        }
        version = answer.body.version;
      }
    }
    await forgetSession(this.session, this.held);
    location.replace('/tablet');
  }
};
