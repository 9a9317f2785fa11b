// What the tablet offers for each command the service lists for a seat (Game.next_actions, role player): the
// control a player taps (its id, or its class where a control is drawn once per line), or what the page sends by
// itself. tests/pages/test_tablet_offers.py walks every profile's waiting states and fails on an action listed
// for a player that has no entry here, or whose control neither panels nor controls draw and wire.
// Also the bodies of the commands these controls send that api.js does not build (kept out of it: api.js is
// the contract's, and shared by every page).

export const CONTROLS = {
  draw_for_start: 'draw-start', // FILE 4.3, FISC I.5, Molins 2: a tile each; a virtual bag draws them itself
  draw_tiles: 'draw',
  place_tiles: 'record-play',
  exchange_tiles: 'exchange',
  // An exchange is recorded in one step (exchange_tiles): once the player taps «Cambiar» the tablet asks only
  // which tiles (FILE 25: announced, it can no longer become a play or a pass).
  announce_exchange: 'exchange-mode',
  pass_turn: 'pass',
  accept: 'accept',
  challenge: 'challenge',
  decide_off_centre: 'centre-accept',
  rule_challenge: 'rule-valid', // FILE 41.1: what the players read in the official word list, recorded
  rule_appeal: 'rule-valid', // FILE 41.2: the check on another phone, recorded the same way
  confirm_ruling: 'ruling-confirm',
  dispute_ruling: 'ruling-dispute',
  appeal: 'appeal',
  correct_overdraw: 'overdraw-unseen',
  choose_overdraw_return: 'overdraw-return',
  redraw_senyors: 'senyors',
  declare_end_rack: 'end-rack',
  sign: 'sign',
  call_arbiter: 'call-arbiter',
  correct_score: 'fix',
  appeal_sanction: 'sanction-appeal',
  consent_reopen: 'reopen-consent',
};

/** Listed for the seat, sent by the page itself with no tap: the device's own reports (tablet.js `report`). */
export const SENT_BY_PAGE = { report_device: 'focus lost and back, page left' };

/** A command queued in this tablet's outbox takes the step it answers: the controls of these next actions are
 * withheld until the service has answered (shown as done, waiting to be sent), so a step is never offered
 * twice, also after a reload offline (the outbox, kept in the browser, says what waits). */
const TURN = ['place_tiles', 'exchange_tiles', 'announce_exchange', 'pass_turn', 'redraw_senyors'];
const ANSWER = ['accept', 'challenge'];
const RULING = ['rule_challenge', 'rule_appeal', 'confirm_ruling', 'dispute_ruling'];
export const TAKES = {
  place_tiles: TURN, exchange_tiles: TURN, announce_exchange: TURN, pass_turn: TURN, redraw_senyors: TURN,
  accept: ANSWER, challenge: ANSWER, rule_challenge: RULING, rule_appeal: RULING, confirm_ruling: RULING,
  dispute_ruling: RULING, correct_overdraw: ['correct_overdraw'], choose_overdraw_return: ['choose_overdraw_return'],
};

/** The next actions withheld while `commands` (the outbox's, not refused) wait: each takes its own type, and
 * what TAKES says (write_sheet_entry and report_device take nothing: a line never answers a step). */
export function withheld(commands) {
  const out = new Set();
  for (const { type } of commands) {
    if (type === 'report_device' || type === 'write_sheet_entry') continue;
    for (const taken of TAKES[type] || [type]) out.add(taken);
  }
  return out;
}

/** The article of the draw for the start in each profile (profile_articles.json `start.draw_tie`); checked
 * against the profiles by tests/pages/test_tablet_offers.py. */
export const START_ARTICLE = { 'file-2024': 'FILE 4.3', 'fise-2009': 'FISE I.4', 'ajs-2012': 'AJS 3.1.1',
  'fisc-2023': 'FISC I.5', 'molins-club': 'Molins 2' };

/** Where the profile takes the starter from the pairing list (Starter.PAIRING_LIST): its article. */
export const PAIRING_ARTICLE = { 'file-2024': 'FILE 4.1', 'fise-2009': 'FISE I.4.2' };

/** Where the players rule a challenge themselves (challenge.adjudicator players_app, arbiter_or_players): the
 * challenge button says they will look it up, not that the arbiter is called. */
export const PLAYERS_RULE = { 'file-2024': 'FILE 41.1', 'molins-club': 'Molins 22, 23' };

export const more = {
  drawForStart: (v, tiles) => ({ type: 'draw_for_start', expected_version: v, ...(tiles ? { tiles } : {}) }),
  // A player's ruling carries no authority: the service records the game's word list (FILE 41.1).
  rule: (v, kind, valid) => ({ type: kind, expected_version: v, valid }),
  confirmRuling: (v) => ({ type: 'confirm_ruling', expected_version: v }),
  disputeRuling: (v, reason) => ({ type: 'dispute_ruling', expected_version: v, reason }),
  chooseOverdrawReturn: (v, returned) => ({ type: 'choose_overdraw_return', expected_version: v, returned }),
  redrawSenyors: (v, shown) => ({ type: 'redraw_senyors', expected_version: v, shown }),
  appealSanction: (v, index, argument) => ({ type: 'appeal_sanction', expected_version: v, index, argument }),
  consentReopen: (v, reason) => ({ type: 'consent_reopen', expected_version: v, reason }),
};
