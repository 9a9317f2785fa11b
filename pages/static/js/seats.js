// Who holds this tablet, and leaving game mode. A tablet holds one seat (each player's own tablet) or
// both seats of its table (one shared tablet, seats switching: bound with both seats' codes). A shared
// tablet acts for the seat the game waits on; where both players have something to do (end racks,
// signatures) it acts for the one chosen on the tablet.

/** Commands that never make a seat "the one to act": available to both players at any moment. */
const ALWAYS = new Set(['call_arbiter', 'report_device', 'correct_score', 'write_sheet_entry']);

/** The seats among `held` whose player has something to do now (the service's next_actions). */
export function seatsToAct(nextActions, held) {
  const seats = new Set(nextActions.filter((a) => a.role === 'player' && !ALWAYS.has(a.type)).map((a) => a.seat));
  return held.filter((seat) => seats.has(seat));
}

/**
 * The seat a shared tablet acts for: the one seat with something to do; where both have, the seat `chosen`
 * on the tablet, else the seat on turn; where neither has, the seat chosen, else the seat on turn, else
 * the first held.
 */
export function actingSeat({ nextActions, onTurn, held, chosen = null }) {
  const due = seatsToAct(nextActions, held);
  if (due.length === 1) return due[0];
  const pool = due.length ? due : held;
  if (chosen != null && pool.includes(chosen)) return chosen;
  if (onTurn != null && pool.includes(onTurn)) return onTurn;
  return pool[0];
}

/**
 * Two bindings ({token, game_id, seat, player, language} each) as one shared tablet's session, or an
 * error key when they cannot be: the codes must be for the same game and for both of its seats.
 */
export function sharedSession(bindings) {
  const [first, second] = bindings;
  if (!second || first.game_id !== second.game_id || first.seat === second.seat) return { error: 'bind.shared_mismatch' };
  return {
    session: { token: first.token, game: first.game_id, seat: first.seat, language: first.language,
      tokens: { [first.seat]: first.token, [second.seat]: second.token } },
  };
}

/** The codes typed or scanned: one (a player's own tablet) or two (a shared tablet), any separator. */
export function readCodes(text) {
  return String(text || '').toUpperCase().split(/[\s,;]+/).filter(Boolean);
}
