// The waiting-state banner: what the game waits for, as the service says it (the status read model's
// `waiting_for` and `waiting_seats`, the state's pending seat, clock stop and next actions). The page
// never guesses a state: an unknown `waiting_for` shows as such.

const ASKS_THE_VIEWER = new Set(['deal', 'play', 'draw', 'acceptance', 'centre_choice', 'exchange', 'end_racks',
  'signatures']);
const KNOWN = new Set([...ASKS_THE_VIEWER, 'starter', 'ruling', 'appeal_ruling', 'overdraw', 'settlement',
  'sanction_appeal', 'arbiter']);

/**
 * The banner's lines as [{key, params}] for i18n: the main wait first, then what else stands (clocks stopped,
 * an appeal this seat may still make). `w`: {kind, seats, seat (the viewer's, null for a spectator), closed,
 * placer (pending seat), clockStop, mayAppeal, name(seat)}; optional: proposed (a players' ruling recorded,
 * FILE 41.1), mayDraw (this seat draws now, though the game waits on another: after its play was accepted,
 * FILE 32), drawForStart (this seat draws for the start) and article (that draw's article).
 */
export function waitingLines(w) {
  const lines = [];
  if (w.closed) {
    lines.push({ key: 'wait.closed', params: {} });
    return lines;
  }
  const kind = w.kind;
  const others = w.seats.filter((s) => s !== w.seat).map((s) => w.name(s));
  const placer = w.placer == null ? '' : w.name(w.placer);
  if (kind == null) {
    lines.push({ key: 'wait.unknown', params: { kind: '' } });
  } else if (!KNOWN.has(kind)) {
    lines.push({ key: 'wait.unknown', params: { kind } });
  } else if ((kind === 'ruling' || kind === 'appeal_ruling') && w.seats.length) { // the players rule (FILE 41.1)
    const mine = w.seats.includes(w.seat);
    const key = w.proposed ? (mine ? 'wait.ruling.confirm' : 'wait.ruling.confirming') : (mine ? 'wait.ruling.you' : 'wait.ruling.players');
    lines.push({ key, params: { name: w.proposed ? w.name(w.proposed.seat) : '', names: others } });
  } else if (kind === 'starter' && w.drawForStart) {
    lines.push({ key: 'wait.starter.draw', params: { article: w.article || '' } });
  } else if (kind === 'arbiter') { // a player called the arbiter (FILE 33.5): everyone waits for the answer
    lines.push({ key: 'wait.arbiter', params: { names: w.seats.map((s) => w.name(s)) } });
  } else if (ASKS_THE_VIEWER.has(kind) && w.seats.includes(w.seat)) {
    lines.push({ key: `wait.${kind}.you`, params: { name: placer } });
  } else if (ASKS_THE_VIEWER.has(kind)) {
    lines.push({ key: `wait.${kind}`, params: { names: others, name: placer } });
  } else {
    lines.push({ key: `wait.${kind}`, params: {} });
  }
  if (w.mayDraw && !['draw', 'deal', 'arbiter'].includes(kind) && !w.closed) { // said first: it is this player's to do
    lines.unshift({ key: 'wait.draw.yours', params: {} });
  }
  if (w.clockStop) lines.push({ key: 'wait.clock_stop', params: { reason: w.clockStop.reason || '' } });
  if (w.mayAppeal) lines.push({ key: 'wait.appeal_possible', params: {} });
  return lines;
}
