// The tablet's key signatures (issue 16): a seat bound with a key (keys.js, made at binding) signs its
// acceptance of the opponent's play (FILE 37) and its sheet signature (FILE 43) over the head hash the
// player saw: the state's `head_hash`, and the command's `expected_version` is that head's version.
// Mixed into the page's Tablet (tablet.js), beside Controls.
//
// A signed command never goes `after` another one (its version would then be one the player never saw):
// it names the version it signed. Queued offline, it keeps that signature; if the game moved meanwhile
// (anything but log entries: a report, a binding), the service answers 409 and the page shows the refusal
// like any other. Nothing is signed again unless the player, shown the refusal and the game as it is now,
// taps "send again" (`resign`). The player's own sheet line that this tablet writes with an acceptance
// follows the signed acceptance instead of preceding it.

import * as api from './api.js';
import { seatKey, signHead } from './keys.js';

/** The commands a player's key signs, and the action named in the signed text. */
export const SIGNED = new Map([['accept', 'accept'], ['sign', 'sign']]);

export const Signing = (Base) => class extends Base {
  /** The key this tablet holds for the seat it acts for, or null (a tablet bound by token only). */
  async seatKey(seat = this.seat) {
    const store = await api.pageStore().catch(() => null);
    return store ? seatKey(store, this.session.game, seat) : null;
  }

  /** The command with `key_signature` over the head at `view`, for the acting seat; as it was if the seat
   * has no key on this tablet. */
  async keySigned(command, view, key, seat = this.seat) {
    const action = SIGNED.get(command.type);
    if (!action || !key) return command;
    const signature = await signHead(key.privateKey, { action, game: this.session.game, seat, head: view.raw.head_hash });
    return { ...command, expected_version: view.version, key_signature: signature };
  }

  /** Queue a key-signed command (and, after it, the player's own line if one is due); null when the seat
   * has no key here, so the caller sends it as before. */
  async sendSigned(command) {
    // The seat tapped for, and its token: a shared tablet may switch seats while this waits (seats.js).
    const seat = this.seat;
    const token = this.commandToken;
    const key = await this.seatKey(seat);
    if (!key) return null;
    // This tablet's own earlier commands are answered first where the service can be reached (a shared tablet's
    // other seat signing just before), and what they recorded is read before signing: the head signed is one
    // this page has shown, never a version it only counted. Offline, the head shown now is signed.
    if (this.outbox.length && this.outbox.online && !this.outbox.blocked) await this.outbox.flush();
    let view = this.view;
    if (this.own.has(view.version + 1)) view = await this.follower.refresh(); // its version and head: the seat stays
    const signed = await this.keySigned(command, view, key, seat);
    const id = await this.outbox.enqueue(signed, { token });
    const own = this.ownEntryDue();
    if (own) await this.send({ ...own, expected_version: null }, { after: id });
    return id;
  }

  /** Writing the opponent's score is the acceptance (FILE 37). With a key, the signed acceptance goes first
   * (over the head the player saw) and the line after it; without one, the line then the acceptance. */
  async acceptWithLine(line) {
    if (!(await this.seatKey())) return false;
    const accepted = await this.send(api.commands.accept(this.view.version));
    if (accepted) await this.send(line); // chained after what is queued (the acceptance), else at the version now
    return true;
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
