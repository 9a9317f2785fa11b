// What the public standings page (/standings) shows, as HTML strings from the service's answers: the
// pairings of a round with each table's result, the standings after it, and the inputs of any figure.
// Pure (no DOM, no fetch): `t` is the page's translator, so node's tests run it with a stand-in.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (text) => String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A number as the hall reads it, one way on every figure: halves and quarters as ½ ¼ ¾ (a drawn game's points,
 * a Sonneborn-Berger made of them), no trailing zeros ("3½", "20¼", "-12"), anything finer to two decimals
 * ("402.33" for an average). */
const FRACTIONS = [[0.25, '¼'], [0.5, '½'], [0.75, '¾']];
export function figure(value) {
  if (value == null) return '';
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  const whole = Math.floor(size + 1e-9);
  const rest = size - whole;
  if (rest < 1e-9) return `${whole === 0 ? '' : sign}${whole}`;
  const glyph = FRACTIONS.find(([f]) => Math.abs(rest - f) < 1e-9);
  if (glyph) return `${sign}${whole || ''}${glyph[1]}`;
  return String(Math.round(value * 100) / 100);
}

/** Which rows of a `count`-row table a hall screen shows on `page` (from 0) when `per` fit: {from, to, pages}. */
export function pageOf(count, per, page) {
  const size = Math.max(1, per);
  const pages = Math.max(1, Math.ceil(count / size));
  const at = ((page % pages) + pages) % pages;
  return { from: at * size, to: Math.min(count, (at + 1) * size), pages, page: at };
}

/** player id -> name, from the tournament's players. */
export const namesOf = (tournament) => Object.fromEntries((tournament?.players || []).map((p) => [p.player, p.name]));

/** table number -> {scores: [first, second], kind, points: [first, second]} from the standings' rows for `round`
 * (each row carries its rounds from its own side; a table's result is read from its first named). */
export function tableResults(tables, rows, round) {
  const byPlayer = new Map();
  for (const row of rows || []) {
    const r = (row.rounds || []).find((x) => x.round === round);
    if (r) byPlayer.set(row.player, r);
  }
  const found = {};
  for (const table of tables || []) {
    const mine = byPlayer.get(table.first);
    if (!mine || !mine.kind) continue;
    if (table.second == null) {
      found[table.table] = { kind: mine.kind, scores: null, points: [mine.points, null] };
      continue;
    }
    const theirs = byPlayer.get(table.second);
    found[table.table] = { kind: mine.kind, scores: [mine.scored, mine.conceded],
      points: [mine.points, theirs ? theirs.points : null] };
  }
  return found;
}

function resultCell(result, t) {
  if (!result) return `<span class="pending">${esc(t('standings.pending'))}</span>`;
  if (result.kind === 'bye') return esc(t('standings.kind.bye'));
  // a negative score (racks taken off a low one) keeps its sign apart from the dash: «-8 – -12», never «-8--12»
  const apart = result.scores && result.scores.some((n) => n < 0) ? ' – ' : '–';
  const scores = result.scores ? `${figure(result.scores[0])}${apart}${figure(result.scores[1])}` : '';
  const note = result.kind === 'played' ? '' : ` <small>${esc(t(`standings.kind.${result.kind}`))}</small>`;
  return `<strong>${scores}</strong>${note}`;
}

/** The pairings of a round: table number, the first named on the list (who starts where the profile says so,
 * FILE 4.1; under FISC I.5 the players draw), the second, the result so far. */
export function pairingsHtml({ round, tables, results, names, t }) {
  if (!tables || !tables.length) return `<p>${esc(t('standings.no_pairings'))}</p>`;
  const rows = tables.map((table) => {
    const result = results[table.table];
    const winner = result && result.points ? (result.points[0] > (result.points[1] ?? 0) ? 0
      : (result.points[1] ?? 0) > result.points[0] ? 1 : null) : null;
    const second = table.second == null ? `<em>${esc(t('standings.bye'))}</em>` : esc(names[table.second] || table.second);
    return `<tr data-table="${esc(table.table)}"${result ? ' class="done"' : ''}><td class="num">${esc(table.table)}</td>`
      + `<td class="${winner === 0 ? 'won' : ''}">${esc(names[table.first] || table.first)}</td>`
      + `<td class="${winner === 1 ? 'won' : ''}">${second}</td><td class="result">${resultCell(result, t)}</td></tr>`;
  }).join('');
  return `<table class="pairings" aria-label="${esc(t('standings.pairings_of', { round }))}"><thead><tr>`
    + `<th scope="col">${esc(t('standings.table'))}</th><th scope="col">${esc(t('standings.first'))}</th>`
    + `<th scope="col">${esc(t('standings.second'))}</th><th scope="col">${esc(t('standings.result'))}</th>`
    + `</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The standings after a round: rank, name, points, each tie-break; every figure a button that opens its inputs. */
export function standingsHtml({ standings, names, t }) {
  if (!standings || !standings.rows.length) return `<p>${esc(t('standings.none'))}</p>`;
  const keys = standings.tiebreaks;
  const head = `<th scope="col">${esc(t('standings.rank'))}</th><th scope="col">${esc(t('standings.player'))}</th>`
    + `<th scope="col">${esc(t('standings.points'))}</th>`
    + keys.map((k) => `<th scope="col" title="${esc(t(`tiebreak.${k}.long`))}">${esc(t(`tiebreak.${k}`))}</th>`).join('');
  const body = standings.rows.map((row) => {
    const name = names[row.player] || row.name || row.player;
    const open = (key, value) => `<button type="button" class="figure" data-player="${esc(row.player)}" data-figure="${esc(key)}"`
      + ` aria-label="${esc(t('standings.open', { figure: t(key === 'points' ? 'standings.points' : `tiebreak.${key}`), name }))}">`
      + `${esc(figure(value))}</button>`;
    return `<tr data-player="${esc(row.player)}"><td class="num">${esc(row.rank)}</td><td class="name">${esc(name)}</td>`
      + `<td class="points">${open('points', row.points)}</td>`
      + keys.map((k) => `<td>${row.tiebreaks[k] ? open(k, row.tiebreaks[k].value) : ''}</td>`).join('') + '</tr>';
  }).join('');
  return `<table class="standings" aria-label="${esc(t('standings.after', { round: standings.round }))}">`
    + `<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The inputs of one figure of one row: {title, lines: [[label, amount]], dropped: [[label, amount]], total}.
 * Points are the player's rounds; a tie-break lists what the service says it was made of. */
export function figureInputs({ row, key, names, t }) {
  const label = (x) => {
    if (names[x]) return names[x];
    const unplayed = /^(bye|forfeit|both_absent|played) \(round (\d+)\)$/.exec(x); // the domain's label of a round without an opponent's points
    if (unplayed) return t('standings.unplayed', { kind: t(`standings.kind.${unplayed[1]}`), round: unplayed[2] });
    return x === 'seed' ? t('tiebreak.lots.long') : x;
  };
  const name = names[row.player] || row.name || row.player;
  if (key === 'points') {
    const lines = (row.rounds || []).map((r) => [
      t('standings.round_line', { round: r.round, opponent: r.opponent ? label(r.opponent) : t('standings.bye'),
        kind: t(`standings.kind.${r.kind}`), scored: r.scored, conceded: r.conceded }), r.points]);
    return { title: t('standings.inputs_of', { figure: t('standings.points'), name }), lines, dropped: [], total: row.points };
  }
  const found = row.tiebreaks[key];
  if (!found) return { title: '', lines: [], dropped: [], total: null };
  return { title: t('standings.inputs_of', { figure: t(`tiebreak.${key}`), name }),
    lines: found.inputs.map(([x, amount]) => [label(x), amount]),
    dropped: found.dropped.map(([x, amount]) => [label(x), amount]), total: found.value };
}

/** The figure's inputs as the dialog's contents. */
export function inputsHtml(opened, t) {
  const list = (lines) => lines.map(([x, amount]) => `<tr><td>${esc(x)}</td><td class="num">${esc(figure(amount))}</td></tr>`).join('');
  return `<h2 id="figure-title">${esc(opened.title)}</h2>`
    + `<table class="inputs"><tbody>${list(opened.lines) || `<tr><td colspan="2">${esc(t('standings.no_inputs'))}</td></tr>`}</tbody>`
    + `<tfoot><tr><th scope="row">${esc(t('standings.total'))}</th><td class="num"><strong>${esc(figure(opened.total))}</strong></td></tr></tfoot></table>`
    + (opened.dropped.length ? `<h3>${esc(t('standings.dropped'))}</h3><table class="inputs dropped"><tbody>${list(opened.dropped)}</tbody></table>` : '');
}
