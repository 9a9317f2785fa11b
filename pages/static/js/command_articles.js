// The article each command applies, under the game's profile, for the officials' forms. Each command names the
// profile settings behind it; their articles come from the profiles themselves (pages/static/profile_articles.json,
// written by `python -m pages.articles` from domain/profiles/), so a Catalan game shows FISC's article and a
// Spanish one FILE's (or FISE's, AJS's). Where no setting fits, a command lists its articles per profile here
// (read from the rulebooks in shared/seeds); an empty list: the service's own step, no rulebook article.
// Pure: node's tests check every command of the contract is here and resolves under every profile.

export const BOOKS = { 'file-2024': 'FILE', 'fise-2009': 'FISE', 'ajs-2012': 'AJS', 'fisc-2023': 'FISC', 'molins-club': 'Molins' };

const CALL = { 'file-2024': 'FILE 33.5', 'fise-2009': 'FISE 34.5', 'ajs-2012': 'FISE 34.5 (AJS 2)', 'fisc-2023': 'FISC I.11 C',
  'molins-club': 'Molins 28b' };

/** type -> the settings whose articles it applies (in order), or {profile: article}, or [] for none. */
export const RULES = {
  draw_for_start: ['start.blank_beats_a'],
  give_starter: ['start.starter'],
  draw_tiles: [],
  place_tiles: [],
  decide_off_centre: ['start.missed_centre'],
  accept: ['challenge.closes'],
  challenge: ['challenge.words_together'],
  rule_challenge: ['challenge.words_together', 'challenge.adjudicator'],
  confirm_ruling: ['challenge.adjudicator'],
  dispute_ruling: ['challenge.adjudicator'],
  appeal: ['challenge.appeal'],
  rule_appeal: ['challenge.appeal'],
  exchange_tiles: ['exchange.min_bag'],
  announce_exchange: ['exchange.min_bag'],
  pass_turn: { 'file-2024': 'FILE 26', 'fise-2009': 'FISE 26', 'ajs-2012': 'FISE 26 (AJS 2)', 'fisc-2023': 'FISC I.7.4',
    'molins-club': 'Molins 17' },
  end_game: { 'file-2024': 'FILE 44.4, 44.5, 34.2', 'fise-2009': 'FISE 45.1, 45.5, 35', 'ajs-2012': 'FISE 45.1, 45.5 (AJS 2); AJS 3.1.2.1',
    'fisc-2023': 'FISC I.8 C, D', 'molins-club': 'Molins 19-20' },
  declare_end_rack: ['ending.out_settlement', 'ending.stalemate_own_rack'],
  sign: ['sheet.closed_by'],
  consent_reopen: ['sheet.reopen'],
  reopen: ['sheet.reopen'],
  overdraw_tiles: ['drawing.overdraw_unseen_when', 'drawing.overdraw_sample_extra', 'drawing.overdraw_late_loses_turn'],
  correct_overdraw: ['drawing.overdraw_unseen_when', 'drawing.overdraw_sample_extra', 'drawing.overdraw_late_loses_turn'],
  choose_overdraw_return: ['drawing.overdraw_opponent_chooses'],
  correct_underdraw: ['drawing.underdraw_noticed_by', 'drawing.underdraw_shown'],
  redraw_senyors: ['exchange.senyors_redraw'],
  record_clock: ['clock.timing'],
  declare_overtime: ['overtime.points_per_minute', 'overtime.limit_minutes'],
  stop_clock: ['clock.stops'],
  restart_clock: ['clock.stops'],
  record_late_arrival: ['conduct.late_tolerance_minutes'],
  time_out: ['clock.move_timeout'],
  call_round_time: ['ending.round_over'],
  write_sheet_entry: ['sheet.keepers'],
  correct_score: ['sheet.play_correction', 'sheet.total_correction'],
  rule_blank: ['sheet.blank_dispute'],
  sanction: ['conduct.min_sanction_points'],
  appeal_sanction: ['conduct.sanction_appeal'],
  rule_sanction_appeal: ['conduct.sanction_appeal'],
  abandon: ['conduct.abandon_leader_margin', 'conduct.both_abandon_score'],
  record_no_show: ['conduct.no_show_forfeit_minutes'],
  call_arbiter: CALL,
  answer_call: CALL,
  report_device: [],
  release_seat: [],
  register_key: [],
  confirm_key_replacement: [],
};

/** Articles joined as a person writes them: "FILE 39" and "FILE 41.1" as "FILE 39, 41.1", "FISE 28.1 (AJS 2)" and
 * "FISE 28.2 (AJS 2)" as "FISE 28.1, 28.2 (AJS 2)"; each once; other books after a semicolon. */
export function joined(articles) {
  const unique = [...new Set(articles)];
  if (unique.length < 2) return unique[0] ?? '';
  const groups = [];
  for (const article of unique) {
    const [, book, body, suffix] = /^(\S+) ?(.*?)((?: \([^)]*\))?)$/.exec(article);
    const items = body ? body.split(', ') : [];
    const group = groups.find((g) => g.book === book && g.suffix === suffix);
    if (!group) groups.push({ book, suffix, items });
    else for (const item of items) if (!group.items.includes(item)) group.items.push(item);
  }
  return groups.map((g) => `${g.book} ${g.items.join(', ')}${g.suffix}`).join('; ');
}

/** The article `type` applies under `profile`: a string; null where the rulebook is silent on it; '' for none
 * (the service's own step); undefined for a command or profile this table does not know. `table` is
 * profile_articles.json. */
export function articleOf(type, profile, table) {
  const rule = RULES[type];
  if (rule === undefined || !BOOKS[profile]) return undefined;
  if (!Array.isArray(rule)) return rule[profile];
  if (!rule.length) return '';
  const found = rule.map((setting) => (table[profile] || {})[setting]);
  if (found.some((a) => a === undefined)) return undefined;
  const said = found.filter((a) => a != null);
  return said.length ? joined(said) : null;
}
