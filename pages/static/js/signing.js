// The tablet's key signatures (issue 16): a seat bound with a key (keys.js, made at binding) signs, over the
// head hash the player saw (the state's `head_hash`; the command's `expected_version` is that head's version),
// its own entries: the play (place_tiles, FILE 32), the exchange (FILE 25), the pass (FILE 26) and the lines
// of its own sheet (write_sheet_entry, FILE 32); its acceptance of the opponent's play (FILE 37); and its
// sheet signature (FILE 43). Mixed into the page's Tablet (tablet.js), beside Controls.
//
// A signed command never goes `after` another one (its version would then be one the player never saw):
// it names the version it signed. Before signing, what this tablet queued earlier is answered where the
// service can be reached, and the game read again if the page does not show it yet: the head signed is one
// the page has shown. Queued offline, a command keeps its signature; if the game moved meanwhile (anything
// but log entries: a report, a binding), the service answers 409 and the page shows the refusal like any
// other. Nothing is signed again unless the player, shown the refusal and the game as it is now, taps
// "send again" (`resign`).
//
// The lines of the player's own sheet are the one exception the service allows: a line's signature is
// checked when sent, never required. A line due after a command this tablet cannot see answered (offline)
// goes unsigned `after` it, as before keys; a signed line refused only for a stale version is sent again
// unsigned at the version now (tablet.js `refused`: it commutes with every other command; it is never
// signed again by itself). The player's own line written with an acceptance follows the signed acceptance.

import * as api from './api.js';
import { seatKey, signHead } from './keys.js';
import { countersign } from './replacing.js';

/** The commands a player's key signs, and the action named in the signed text (the command's type). */
export const SIGNED = new Map(['accept', 'sign', 'place_tiles', 'exchange_tiles', 'pass_turn', 'write_sheet_entry']
  .map((type) => [type, type]));

export const Signing = (Base) => class extends Base {
  /** The key this tablet holds for the seat it acts for, or null (a tablet bound by token only). */
  async seatKey(seat = this.seat) {
    // Read once per seat for the page's life: a key is made only at binding, before the page runs, and the page
    // is left when the keys are forgotten. A command on a seat without a key so waits for no read of the store.
    this.seatKeys ??= new Map();
    if (!this.seatKeys.has(seat)) {
      this.seatKeys.set(seat, api.pageStore().then((store) => seatKey(store, this.session.game, seat))
        .catch(() => { this.seatKeys.delete(seat); return null; })); // a store that failed is asked again next time
    }
    return this.seatKeys.get(seat);
  }

  /** The command with `key_signature` over the head at `view`, for the acting seat; as it was if the seat
   * has no key on this tablet. */
  async keySigned(command, view, key, seat = this.seat) {
    const action = SIGNED.get(command.type);
    if (!action || !key) return command;
    const signature = await signHead(key.privateKey, { action, game: this.session.game, seat, head: view.raw.head_hash });
    return { ...command, expected_version: view.version, key_signature: signature };
  }

  /** The head to sign: this tablet's own earlier commands answered first where the service can be reached (a
   * shared tablet's other seat signing just before), and what they recorded read before signing: never a
   * version the page only counted. Offline, the head shown now. */
  async headShown() {
    if (this.outbox.length && this.outbox.online && !this.outbox.blocked) await this.outbox.flush();
    const view = this.view;
    return this.own.has(view.version + 1) ? this.follower.refresh() : view; // its version and head: the seat stays
  }

  /** Queue a key-signed command (and, after it, the player's own line if one is due); null when the seat
   * has no key here, so the caller sends it as before. `seat` and `token`: the seat that tapped and its
   * token (a shared tablet may switch seats while this waits: seats.js). */
  async sendSigned(command, { seat = this.seat, token = this.commandToken } = {}) {
    const key = await this.seatKey(seat);
    if (!key) return null;
    const view = await this.headShown();
    if (command.type === 'write_sheet_entry' && this.outbox.length) {
      // A line behind a command not answered yet (offline): unsigned after it, as before keys (never required).
      const queued = this.outbox.items;
      return this.outbox.enqueue({ ...command, expected_version: null }, { after: queued[queued.length - 1].id, token });
    }
    const signed = await this.keySigned(command, view, key, seat);
    const id = await this.outbox.enqueue(signed, { token });
    const own = command.type === 'write_sheet_entry' ? null : this.ownEntryDue();
    if (own) await this.sendSigned({ ...own, expected_version: null }, { seat, token });
    return id;
  }

  /** Writing the opponent's score is the acceptance (FILE 37). With a key, the signed acceptance goes first
   * (over the head the player saw) and the line after it, signed over the head shown once the acceptance is
   * answered; without one, the line then the acceptance. */
  async acceptWithLine(line) {
    const seat = this.seat;
    const token = this.commandToken;
    if (!(await this.seatKey(seat))) return false;
    const accepted = await this.send(api.commands.accept(this.view.version));
    if (accepted) await this.sendSigned({ ...line, expected_version: null }, { seat, token });
    return true;
  }

  /** The opponent's tablet vouches for a seat's new key (replacing.js): its own key signs the new key's
   * fingerprint, sent as `confirm_key_replacement` at the version shown. A tablet without a key cannot: an
   * official confirms instead. */
  async confirmReplacement(seat, fingerprint) {
    const key = await this.seatKey(this.seat);
    if (!key) return null;
    const countersignature = await countersign(key.privateKey, { game: this.session.game, seat, fingerprint });
    return this.outbox.enqueue({ type: 'confirm_key_replacement', expected_version: this.view.version, seat,
      fingerprint, countersignature }, { token: this.commandToken });
  }

  /** What a refused command is sent again with, once the player chose to: the version shown now and, for a
   * key-signed command, a new signature over that head (the player looked at it and tapped). */
  async resign(refusal) {
    const changes = { expected_version: this.view.version };
    if (!SIGNED.has(refusal.command.type) || refusal.command.key_signature == null) return changes;
    // The seat that signed it: on a shared tablet, the one whose token the queued command carries.
    const record = this.outbox.items.find((r) => r.id === refusal.id);
    const tokens = this.session.tokens || {};
    const held = Object.keys(tokens).find((s) => record && tokens[s] === record.token);
    const seat = held != null ? Number(held) : this.seat;
    const key = await this.seatKey(seat);
    if (!key) return changes;
    const signed = await this.keySigned(refusal.command, this.view, key, seat);
    return { ...changes, key_signature: signed.key_signature };
  }
};
