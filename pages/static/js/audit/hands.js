// The verdict on a game's hands and the report's escaping, as `planilla audit verify` gives them
// (domain/game/verdict.py `hands`, `shown`, `escaped`): the same kinds, the same headline and the same named
// warnings, word for word. Records are pyjson Maps; versions and seats BigInts.
import { pyEqual, pyStr } from './pyjson.js';

const OFFICIALS = ['director:', 'arbiter:'];
export const PLAYER_ACTS = {
  TilesPlaced: 'play', PlayAccepted: 'acceptance', OffCentreAccepted: 'off-centre acceptance',
  PlayChallenged: 'challenge', ExchangeAnnounced: 'exchange announcement',
  TilesExchanged: 'exchange', TurnPassed: 'pass', EndRackDeclared: 'end rack', SheetEntryWritten: 'sheet line',
  SheetSigned: 'signature', ReopenConsented: 'consent to reopen', RulingDisputed: 'dispute of a ruling',
  RulingAppealed: 'appeal',
};
const TURNS = new Set(['TilesPlaced', 'TilesExchanged', 'TurnPassed']);
const CONSEQUENT_ACCEPTANCE = ['challenge ruled valid', 'tiles drawn'];

/** verdict.py `player_act`: an event of a player's own act (an acceptance only when written or pressed). */
export function playerAct(kind, p) {
  if (typeof kind !== 'string' || !Object.hasOwn(PLAYER_ACTS, kind)) return false;
  const how = p instanceof Map && p.has('how') ? p.get('how') : null;
  return !(kind === 'PlayAccepted' && typeof how === 'string' && CONSEQUENT_ACCEPTANCE.some((c) => how.startsWith(c)));
}
const NAMED = { 0x09: '\\t', 0x0A: '\\n', 0x0D: '\\r' };

/** verdict.py `_ESCAPED`: C0, DEL and C1 controls, separators, invisible and bidirectional marks, BOM, surrogates. */
function isEscaped(o) {
  return o < 0x20 || (o >= 0x7F && o < 0xA0) || [0xAD, 0x061C, 0x180E, 0x2028, 0x2029, 0xFEFF].includes(o)
    || (o >= 0x200B && o < 0x2010) || (o >= 0x202A && o < 0x202F) || (o >= 0x2060 && o < 0x2070)
    || (o >= 0xD800 && o < 0xE000) || (o >= 0xFFF9 && o < 0xFFFC);
}

function escape(text, backslash) {
  let out = '';
  for (const c of text) { // by code point: a lone surrogate is one
    const o = c.codePointAt(0);
    if (o === 0x5C) out += backslash ? '\\\\' : c;
    else if (NAMED[o] !== undefined) out += NAMED[o];
    else if (isEscaped(o)) out += o < 0x100 ? `\\x${o.toString(16).padStart(2, '0')}` : `\\u${o.toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return out;
}

/** verdict.py `escaped`: what keeps each line of the report one line (a backslash stays). */
export const escaped = (text) => escape(text, false);
/** verdict.py `shown`: a value from a file as the text report prints it. */
export const shown = (value) => escape(pyStr(value), true);
/** Python's `str(x)[:n]`: the first n code points. */
export const head = (value, n = 16) => [...pyStr(value)].slice(0, n).join('');

const get = (map, key) => (map instanceof Map && map.has(key) ? map.get(key) : null);
const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;
const isIntLike = (v) => typeof v === 'bigint';
function seatOf(kind, p) {
  if (kind === 'SheetEntryWritten') return get(p, 'sheet');
  if (kind === 'PlayChallenged') return get(p, 'challenger');
  if (kind === 'PlayAccepted') {
    const key = get(p, 'key');
    if (key instanceof Map && key.has('seat')) return key.get('seat');
    const placer = get(p, 'seat');
    return isIntLike(placer) && (placer === 0n || placer === 1n) ? 1n - placer : null;
  }
  return get(p, 'seat');
}

function countersigned(p) {
  if (get(p, 'countersigned_by') !== null) return p.get('countersigned_by');
  const counter = get(p, 'countersignature');
  if (counter instanceof Map) {
    for (const name of ['by', 'actor', 'seat', 'fingerprint']) {
      if (get(counter, name) !== null) return name === 'seat' ? `seat ${pyStr(counter.get(name))}` : counter.get(name);
    }
  }
  return counter;
}

/** verdict.py `hands`: {kind, headline, warnings: [{kind, text}]} for an intact history. */
export function hands(records, signaturesChecked = true) {
  const players = records.length ? get(records[0].get('payload'), 'players') : null;
  const seats = Array.isArray(players) ? players.map((_, i) => BigInt(i)) : [];
  const keyed = [];
  const warnings = [];
  let turns = 0; let ended = null; let closed = null;
  const has = (seat) => keyed.some((k) => pyEqual(k, seat));
  const proposed = []; // [seat, fingerprint, device] of each key proposed, not yet the seat's
  for (const rec of records) {
    const kind = rec.get('type'); const version = rec.get('version'); const actor = rec.get('actor');
    const p = rec.get('payload') instanceof Map ? rec.get('payload') : new Map();
    if (kind === 'KeyReplacementProposed') proposed.push([get(p, 'seat'), get(p, 'fingerprint'), rec.get('device')]);
    // when in the game, also as words the pages translate (report.js): {at: start|play|ended|closed, turns, event}
    const at = closed !== null ? { at: 'closed', event: closed } : ended !== null ? { at: 'ended', event: ended }
      : turns ? { at: 'play', turns } : { at: 'start' };
    const when = closed !== null ? `after the game closed (event ${shown(closed)})`
      : ended !== null ? `after the game ended (event ${shown(ended)})`
        : turns ? `during play, after ${plural(turns, 'turn')}` : 'before the first turn';
    if (kind === 'KeyRegistered') {
      const seat = get(p, 'seat');
      if (has(seat) || get(p, 'replaces') !== null) {
        const counter = countersigned(p);
        const reason = get(p, 'reason');
        // the new tablet's device: the proposal's when one was confirmed, else the registration's own
        const found = proposed.slice().reverse().find(([s, f]) => s === seat && f === get(p, 'fingerprint'));
        const device = found ? found[2] : rec.get('device');
        warnings.push({ kind: 'key_replacement', details: { event: version, seat, old: head(get(p, 'replaces')),
          new: head(get(p, 'fingerprint')), device, issued_by: get(p, 'issued_by'), counter, reason, when: at }, text: `key replacement at event ${shown(version)}: seat ${shown(seat)}'s key `
          + `${shown(head(get(p, 'replaces')))}… replaced by ${shown(head(get(p, 'fingerprint')))}… `
          + `(device ${shown(device)}), its code issued by ${shown(get(p, 'issued_by'))}, `
          + (counter === null ? 'no countersignature recorded' : `countersigned by ${shown(counter)}`)
          + (reason === null ? '' : `, reason: ${shown(reason)}`) + `, ${when}` });
      }
      else if (turns || ended !== null || closed !== null) { // a seat's first key, once play began
        warnings.push({ kind: 'late_key', details: { event: version, seat, new: head(get(p, 'fingerprint')), device: rec.get('device'),
          issued_by: get(p, 'issued_by'), when: at }, text: `key registered late at event ${shown(version)}: seat ${shown(seat)}'s first key `
          + `${shown(head(get(p, 'fingerprint')))}… (device ${shown(rec.get('device'))}), its code issued by ${shown(get(p, 'issued_by'))}, `
          + `${when}: the seat's acts before it are signed on paper only` });
      }
      if (!has(seat)) keyed.push(seat);
    } else if (playerAct(kind, p) && typeof actor === 'string'
      && OFFICIALS.some((o) => actor.startsWith(o))) {
      const key = get(p, 'official_key');
      warnings.push({ kind: 'official_entry', details: { event: version, seat: seatOf(kind, p), type: kind, official: actor,
        device: rec.get('device'), key: key === null ? null : head(key), when: at }, text: `official entry at event ${shown(version)}: seat ${shown(seatOf(kind, p))}'s `
        + `${PLAYER_ACTS[kind]} (${shown(kind)}) recorded by ${shown(actor)} (device ${shown(rec.get('device'))}), `
        + (key === null ? 'no official key recorded' : `official key ${shown(head(key))}…`) + `, ${when}` });
    }
    if (typeof kind === 'string' && TURNS.has(kind)) turns += 1;
    else if (kind === 'GameEnded') ended = version;
    else if (kind === 'GameClosed') closed = version;
    else if (kind === 'GameReopened') { closed = null; ended = version; }
  }
  const paper = seats.filter((s) => !has(s));
  const replaced = warnings.filter((w) => w.kind === 'key_replacement').length;
  const official = warnings.filter((w) => w.kind === 'official_entry').length;
  const late = warnings.filter((w) => w.kind === 'late_key').length;
  if (keyed.length && paper.length && signaturesChecked) {
    for (const seat of paper) {
      warnings.push({ kind: 'seat_on_paper', details: { seat }, text: `seat on paper: seat ${seat} registered no key, its acts are signed on paper only` });
    }
  }
  const extra = [replaced ? plural(replaced, 'key replacement') : '',
    official ? `${official} official entr${official === 1 ? 'y' : 'ies'}` : '',
    late ? `${plural(late, 'key')} registered late` : ''].filter(Boolean).join(' and ');
  let kind; let headline;
  if (!signaturesChecked) {
    kind = 'unsigned';
    headline = 'unsigned: planilla-audit/1 carries no checked signature (export with --format 2)';
  } else if (!keyed.length) {
    kind = 'unsigned'; headline = 'unsigned (paper): no tablet registered a key';
  } else if (paper.length) {
    kind = 'partly';
    headline = `partly signed: ${paper.length > 1 ? 'seats' : 'seat'} ${paper.join(', ')} on paper${extra ? `, with ${extra}` : ''}`;
  } else if (extra) {
    kind = replaced ? 'replaced' : official ? 'official' : 'late'; headline = `signed, with ${extra}`;
  } else {
    kind = 'signed'; headline = 'signed throughout by the keys bound at the start';
  }
  if (!signaturesChecked && extra) headline += `; the chain records ${extra}`;
  return { kind, headline, warnings };
}
