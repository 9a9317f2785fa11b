// A game outside a tournament, from the director's page (issue 28): the profile, the players in seat order, where it
// is played, the bag; and who starts, asked where the profile takes the starter from the pairing list (FILE 4.1, FISE
// I.4.2): the first named, the second, or a draw at the table (FILE 4.3). Under a profile that always draws (FISC
// I.5, AJS 3.1.1, Molins 2) the form says so and asks nothing. Made with POST /v1/games, then `give_starter` when a
// starter is named (its article as the reason), then each seat's code to bind the tablets (their QR beside them);
// the console's table opens from it. Nothing is half made: a refusal of the starter or a code is said, the game kept.

import { START_ARTICLE, PAIRING_ARTICLE } from './offers.js';

const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const option = (value, label, chosen) => `<option value="${esc(value)}"${value === chosen ? ' selected' : ''}>${esc(label)}</option>`;
export const GAME_PROFILES = ['file-2024', 'fise-2009', 'fisc-2023', 'ajs-2012', 'molins-club'];

/** The question about the start under `profile`, in words: its choices (empty: the players draw, nothing asked). */
export function starterChoices(profile, t) {
  const pairing = PAIRING_ARTICLE[profile];
  const draw = START_ARTICLE[profile] || '';
  if (!pairing) return { help: t('start.by_draw', { article: draw }), choices: [] };
  return { help: t('start.by_pairing', { article: pairing, draw }),
    choices: [['0', t('game_new.first', { article: pairing })], ['1', t('game_new.second')], ['draw', t('game_new.draw', { article: draw })]] };
}

function starterHtml(profile, t) {
  const { help, choices } = starterChoices(profile, t);
  const select = choices.length ? `<label><span>${esc(t('start.who'))}</span><select name="starter">${
    choices.map(([value, label]) => option(value, label, '0')).join('')}</select></label>` : '';
  return `<div class="starter wide" id="game-starter">${select}<p class="help">${esc(help)}</p></div>`;
}

/** The form; `profile` the one chosen (the start's question follows it). */
export function gameFormHtml(t, off, profile = 'file-2024', profileWords = (p) => p) {
  return `<section class="new-game" aria-labelledby="game-title"><h2 id="game-title">${esc(t('game_new.title'))}</h2>
    <form id="new-game" class="act">
      <label><span>${esc(t('director.profile'))}</span><select name="profile">${GAME_PROFILES.map((p) => option(p, profileWords(p), profile)).join('')}</select></label>
      <label><span>${esc(t('game_new.player', { seat: 1 }))}</span><input name="first" required maxlength="80" autocomplete="off"></label>
      <label><span>${esc(t('game_new.player', { seat: 2 }))}</span><input name="second" required maxlength="80" autocomplete="off"></label>
      <label><span>${esc(t('game_new.table'))}</span><input name="table" maxlength="20" autocomplete="off"></label>
      <label><span>${esc(t('game_new.bag'))}</span><select name="bag_mode">${option('physical', t('game_new.bag.physical'), 'physical')}${
        option('virtual', t('game_new.bag.virtual'), 'physical')}</select></label>
      ${starterHtml(profile, t)}
      <button type="submit" class="primary"${off}>${esc(t('game_new.do'))}</button></form></section>`;
}

/** Redraw the start's question when the profile changes (the rest of the form as typed). */
export function profileChanged(form, t) {
  form.querySelector('#game-starter').outerHTML = starterHtml(form.elements.profile.value, t);
}

/** What the form asks the service: the game's body and the starter (a seat, or null for a draw). */
export function gameRequest(form) {
  const value = (name) => (form.elements[name] ? form.elements[name].value.trim() : '');
  const table = value('table');
  const body = { profile: value('profile'), players: [value('first'), value('second')], bag_mode: value('bag_mode'),
    ...(table ? { table: /^\d+$/.test(table) ? Number(table) : table } : {}) };
  const starter = value('starter');
  return { body, starter: /^\d$/.test(starter) ? Number(starter) : null };
}

/** Create the game, name its starter, issue both seats' codes. `send(path, init)` answers {status, body}. */
export async function createGame({ body, starter }, send, t) {
  const made = await send('/v1/games', { method: 'POST', body });
  if (made.status !== 201) return { refused: made };
  const game = made.body.id;
  let version = made.body.version;
  const result = { game, players: body.players, starter: null, codes: [] };
  if (starter != null) {
    const article = PAIRING_ARTICLE[body.profile];
    const given = await send(`/v1/games/${game}/commands`, { method: 'POST', body: { type: 'give_starter',
      expected_version: version, seat: starter, reason: t('start.reason', { article }) } });
    if (given.status !== 200) return { ...result, refused: given };
    version = given.body.version;
    result.starter = starter;
  }
  for (const seat of body.players.map((_, i) => i)) {
    const code = await send(`/v1/games/${game}/seats/${seat}/code`, { method: 'POST', body: {} });
    if (code.status !== 201) return { ...result, refused: code };
    result.codes.push(code.body);
  }
  return result;
}

/** The game made: who starts, each seat's code and QR, the console's table. */
export function madeHtml(made, t) {
  if (!made) return '';
  const who = made.starter != null ? t('start.starts', { name: made.players[made.starter] }) : t('game_new.drawn');
  const seats = made.codes.map((c) => `<li class="seat-code"><img src="/v1/seat-codes/${encodeURIComponent(c.code)}/qr.svg" alt="${
    esc(t('console.qr', { player: c.player }))}" width="120" height="120"><span>${esc(c.player)}</span> <b class="code">${esc(c.code)}</b></li>`).join('');
  return `<section class="game-made" role="status" data-game="${esc(made.game)}"><h3>${esc(t('game_new.made'))}</h3>
    <p class="who-starts-said">${esc(who)}</p><ul class="seat-codes">${seats}</ul>
    <a class="button" href="/console#game=${esc(made.game)}">${esc(t('game_new.console'))}</a></section>`;
}
