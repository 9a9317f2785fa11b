// The director's pairing by hand on /rounds: the drafted round's tables as seats to move players between.
// Choosing a player for a seat swaps them with whoever sat there, so the pairing stays whole (every player of
// the round once, as the service requires); ⇄ swaps who is named first (who starts where the pairing list
// decides, FILE 4.1); the bye's row takes whoever is chosen for it. Nothing is saved until the director gives
// the reason and saves (the round is drafted again by hand); the page asks the checker after every change.

import { esc } from './standings_view.js';

/** A hand pairing begun from a drafted round's tables. */
export function begin(round) {
  const seats = round.tables.map((x) => [x.first, x.second ?? null]);
  return { round: round.round, seats, original: seats.map((s) => [...s]), warnings: round.warnings || null, asked: 0 };
}

function seatOf(seats, player) {
  for (let at = 0; at < seats.length; at += 1) {
    const seat = seats[at].indexOf(player);
    if (seat >= 0) return [at, seat];
  }
  return null;
}

/** `player` into seat `seat` (0: named first, 1: against) of the table at index `at`; whoever sat there takes the
 * player's old seat. True when anything moved. */
export function place(hand, at, seat, player) {
  const from = seatOf(hand.seats, player);
  const sitting = hand.seats[at][seat];
  if (!from || sitting === player || sitting == null) return false;
  hand.seats[from[0]][from[1]] = sitting;
  hand.seats[at][seat] = player;
  return true;
}

/** Who is named first at the table at index `at` (a bye's row has no second). True when anything moved. */
export function swap(hand, at) {
  const [first, second] = hand.seats[at];
  if (second == null) return false;
  hand.seats[at] = [second, first];
  return true;
}

export const changed = (hand, at) => hand.seats[at][0] !== hand.original[at][0] || hand.seats[at][1] !== hand.original[at][1];

/** The pairing as the service takes it: [first, second] per table, second null for a bye. */
export const pairs = (hand) => hand.seats.map(([first, second]) => [first, second]);

/** The editor's tables: per table a choice for each seat (the round's players by name), ⇄, a mark when changed,
 * and ⚠ where the checker's last answer warns. */
export function handHtml(hand, names, t) {
  const warned = new Set((hand.warnings || []).map((w) => w.table));
  const players = hand.seats.flat().filter((p) => p != null)
    .sort((a, b) => String(names[a] || a).localeCompare(String(names[b] || b)));
  const choice = (at, seat, label) => `<select data-at="${at}" data-seat="${seat}" aria-label="${esc(label)}">${players.map((p) =>
    `<option value="${esc(p)}"${hand.seats[at][seat] === p ? ' selected' : ''}>${esc(names[p] || p)}</option>`).join('')}</select>`;
  return `<table class="hand-tables"><caption class="sr">${esc(t('rounds.hand_title', { round: hand.round }))}</caption>
    <thead><tr><th scope="col">${esc(t('standings.table'))}</th><th scope="col">${esc(t('standings.first'))}</th><th scope="col"><span class="sr">⇄</span></th>
    <th scope="col">${esc(t('standings.second'))}</th><th scope="col"><span class="sr">${esc(t('rounds.changed'))}</span></th></tr></thead>
    <tbody>${hand.seats.map(([, second], at) => {
    const table = at + 1;
    const bye = second == null;
    return `<tr data-table="${table}"${changed(hand, at) ? ' class="changed"' : ''}><td class="num">${warned.has(table)
      ? '<span class="flag" aria-hidden="true">⚠</span>' : ''}${table}</td>
      <td>${choice(at, 0, t(bye ? 'rounds.bye_of' : 'rounds.first_of', { table }))}</td>
      <td>${bye ? '' : `<button type="button" class="swap" data-at="${at}" aria-label="${esc(t('rounds.swap', { table }))}" title="${esc(t('rounds.swap', { table }))}">⇄</button>`}</td>
      <td>${bye ? `<em class="bye">${esc(t('standings.bye'))}</em>` : choice(at, 1, t('rounds.second_of', { table }))}</td>
      <td class="mark">${changed(hand, at) ? esc(t('rounds.changed')) : ''}</td></tr>`;
  }).join('')}</tbody></table>`;
}
