// The live public board's shared parts (/board and /wall, docs/public-board.md): one table's frame as the
// public sees it (the service's spectator view, delayed by the event's broadcast delay: no rack is ever
// sent, so none can be shown), and the stream that brings each frame. The page computes no rule: the
// squares of the last play come in the frame (`last_turn.squares`).
import { t, use, initial, LANGUAGES } from './i18n.js';
import { tileset, parseRow } from './tiles.js';
import { escapeHtml } from './access.js';
import './components/board.js';

/** The language: `?lang=` (a hall screen has no one to pick it), else the device's, else the browser's. */
export async function startLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  await use(LANGUAGES.includes(asked) ? asked : initial(null));
}


/** A clock as m:ss, or '' when the game keeps none. */
export function clockText(c) {
  if (!c || c.remaining == null) return '';
  const seconds = Math.max(0, Math.round(c.remaining));
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return c.overtime ? `${text} +${c.overtime}` : text;
}

/** What the last turn was, in words: "H8 CASA · 24", "pasa", "cambia". */
export function lastTurnText(last) {
  if (!last) return t('public.no_turn');
  if (last.kind === 'play') return `${last.coordinates} ${last.word} · ${t('public.points', { score: last.score })}`;
  return ['pass', 'exchange', 'invalid', 'lost'].includes(last.kind) ? t(`public.kind.${last.kind}`) : last.kind;
}

/** Where the game stands, for the line under the names. */
export function stateText(frame) {
  if (frame.ending) return t('public.ended');
  if (frame.waiting === 'ruling') return t('public.waiting.ruling');
  if (frame.phase === 'starting' || frame.phase === 'dealing') return t('public.starting');
  if (frame.name_on_turn) return t('public.on_turn', { name: frame.name_on_turn });
  return '';
}

/** The players of a frame: name, score, tiles on the rack (a count, never which), clock; the one on turn marked. */
export function playersHtml(frame) {
  return `<ol class="pub-players">${frame.players.map((p) => {
    const on = frame.seat_on_turn === p.seat && !frame.ending;
    const clock = clockText((frame.clocks || [])[p.seat]);
    return `<li class="pub-player${on ? ' on-turn' : ''}" data-testid="player-${p.seat}">
      <span class="name">${on ? `<span class="turn-mark" aria-label="${escapeHtml(t('public.turn_mark'))}">▶</span> ` : ''}${escapeHtml(p.name)}</span>
      <span class="score" data-testid="score-${p.seat}">${p.score}</span>
      <span class="meta">${t('public.rack_count', { count: p.rack_count })}${clock ? ` · <span class="clock" data-testid="clock-${p.seat}">⏱ ${clock}</span>` : ''}</span>
    </li>`;
  }).join('')}</ol>`;
}

/** The heading of a table: event, round, table. */
export function tableTitle(frame) {
  return t('public.table_title', { table: frame.table ?? '—' });
}

/** Draw a frame's board into a <pl-board>, the last play's squares highlighted. */
export function drawBoard(element, frame) {
  const squares = new Set(((frame.last_turn && frame.last_turn.squares) || []).map(([r, c]) => `${r},${c}`));
  const set = tileset(frame.tileset);
  element.update({ board: frame.board.map((row) => parseRow(row, set)), set, selectable: false, highlight: squares });
}

/** Follow a public stream: `onFrame(frame)` for each table's newer frame (an older or repeated one is skipped);
 * `onState('live' | 'reconnecting')`. The browser's EventSource resumes with Last-Event-ID by itself. */
export function follow(url, onFrame, onState) {
  const versions = new Map();
  const source = new EventSource(url);
  source.addEventListener('table', (e) => {
    const frame = JSON.parse(e.data);
    if ((versions.get(frame.game_id) || 0) >= frame.version) return;
    versions.set(frame.game_id, frame.version);
    onFrame(frame);
  });
  source.addEventListener('open', () => onState('live'));
  source.addEventListener('error', () => onState('reconnecting'));
  return source;
}

/** The delay notice: "Shown N s after each move". */
export function delayText(seconds) {
  return seconds ? t('public.delay', { seconds }) : t('public.no_delay');
}
