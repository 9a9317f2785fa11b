// The pairer's reasons and the checker's warnings in the reader's language. The service says each as a code
// with parameters (players by id) beside its English text; here the code is worded from the catalogue
// (`rounds.reason.<code>`, `rounds.warning.<code>`) with the players' names. A round drafted before the codes
// existed has its English `why` alone, shown as it is. `t` and `has` are the catalogue's (i18n.js), passed in
// so node's tests can word with a catalogue of their own.

import { esc } from './standings_view.js';

const PLAYERS = ['player', 'opponent', 'expected'];

/** The parameters with each player's id replaced by the player's name. */
function named(params, names) {
  const out = { ...(params || {}) };
  for (const key of PLAYERS) if (out[key] != null) out[key] = names[out[key]] || out[key];
  return out;
}

/** Why a table was paired so, in the reader's language (a division's table says its division first). */
export function reasonText(table, names, t, has) {
  const code = table.reason_code;
  if (!code || !has(`rounds.reason.${code}`)) return table.why || '';
  const params = named(table.reason_params, names);
  const reason = t(`rounds.reason.${code}`, params);
  return params.division != null ? t('rounds.reason_division', { division: params.division, reason }) : reason;
}

/** One warning of the checker, in the reader's language. */
export function warningText(warning, names, t, has) {
  const key = `rounds.warning.${warning.code}`;
  return has(key) ? t(key, named(warning.params, names)) : warning.message || warning.code;
}

/** The checker's warnings on a pairing: each with its table and its rule's article (none: said so). */
export function warningsHtml(warnings, names, t, has) {
  if (!warnings) return '';
  if (!warnings.length) return `<p class="warnings-none">${esc(t('rounds.warnings_none'))}</p>`;
  return `<section class="warnings" aria-label="${esc(t('rounds.warnings_title', { count: warnings.length }))}">
    <h3>${esc(t('rounds.warnings_title', { count: warnings.length }))}</h3><ul>${warnings.map((w) =>
    `<li data-code="${esc(w.code)}" data-table="${esc(w.table)}"><strong>${esc(t('rounds.warning_table', { table: w.table }))}</strong>
      <span class="text">${esc(warningText(w, names, t, has))}</span>
      <span class="article">${esc(w.article || t('rounds.no_article'))}</span></li>`).join('')}</ul></section>`;
}
