// One line per game of the answer to POST /v1/rounds/round-time (the console's round panel), in the reader's
// language: called (turns evened, FILE 30 and 44.4; or the move in progress and one more, FISC I.11; or ended at
// once), refused (not started, ended, called already: each in words, with the article), or left out (closed,
// FILE 43). Pure: the answer and `t` in, {ok, skipped, text} out (node's tests run it without a browser).

/** Refusals that only say there was nothing to do (not started, ended, called already, closed): not a problem. */
const NOTHING_TO_DO = ['not_started', 'game_ended', 'round_time_called', 'game_closed'];

/** A game's line: `ok` when its call was recorded, `skipped` when there was nothing to call (said in words),
 * neither for a refusal to look at (the service's own words); `text` says what happens next, or why not, and
 * the article. */
export function outcomeLine(game, t) {
  const table = game.table ?? '?';
  const players = (game.players || []).join(' – ');
  const called = (game.events || []).find((e) => e.type === 'RoundTimeCalled');
  if (game.outcome === 'called' && called) {
    const p = called.payload || {};
    const ended = game.status !== 'in_progress';
    const key = ended ? 'round.ended' : p.procedure === 'current_plus_one' ? 'round.plus_one' : 'round.equalise';
    return { ok: true, skipped: false, text: withArticle(t(key, { table, players, until: p.until, seconds: p.move_seconds ?? '—' }), p.article) };
  }
  const refusal = game.refusal || {};
  const skipped = NOTHING_TO_DO.includes(refusal.code);
  const key = skipped ? `round.refused.${refusal.code}` : 'round.refused.other';
  return { ok: false, skipped, text: withArticle(t(key, { table, players, why: refusal.message || refusal.code || '' }), refusal.article) };
}

function withArticle(text, article) {
  return article ? `${text} (${article})` : text;
}
