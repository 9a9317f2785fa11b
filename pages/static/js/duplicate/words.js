// What the service records in its own words, said in the page's language: why the game ended (FISC II.6, AJS
// 3.2.7), why a word was ruled as it was (a loaded lexicon's verdict, a word of the master move), a lexicon as the
// judge chooses it. A judge's own typed reason is shown as typed.

import { t, known } from '../i18n.js';
import { escape } from '../panels.js';

/** The reasons the service writes itself (service/duplicate/application.py, domain/duplicate/master.py). */
const SERVICE_REASONS = { "the loaded lexicon's verdict": null, 'a word of the master move': 'judge.reason.master_word' };

/** Why the game ended, in words: `vowels_used` -> «se han gastado todas las vocales»; `rounds` counts the rounds
 * set when the game was made (`game.settings.rounds`). */
export function endCause(cause, game = null) {
  return known(`dup.end.${cause}`, { n: game?.settings?.rounds ?? '' }) || cause;
}

/** The causes whose reason is the judge's own words (the service's causes carry none worth showing). */
const JUDGES_CAUSES = new Set(['no_play', 'force_majeure']);

/** The rule's reference of an article the service gives («FISC II.6 (totes les vocals…)» -> «FISC II.6»). */
export function articleRef(article) {
  return String(article || '').split(' (')[0];
}

/** The end of the game for every page: the cause, its article, the judge's reason (`cls`: the panel's class). */
export function endedHtml(game, cls = '') {
  const e = game.ended;
  if (!e) return '';
  return `<section class="ended ${cls}" id="ended" role="status" aria-label="${t('dup.phase.ended')}">
    <h2>${t('dup.game_over')}</h2><p class="cause"><strong id="end-cause-text">${escape(endCause(e.cause, game))}</strong>
    ${e.article ? `<span class="article" title="${escape(e.article)}">(${escape(articleRef(e.article))})</span>` : ''}</p>
    ${e.reason && JUDGES_CAUSES.has(e.cause) ? `<p class="reason">«${escape(e.reason)}»</p>` : ''}</section>`;
}

/** Why a word stands as ruled: by the lexicon NAME (advisory when not official), or the judge's reason. */
export function rulingText(ruled) {
  const parts = [];
  if (String(ruled.source || '').startsWith('lexicon:')) {
    parts.push(t('judge.by_lexicon', { name: escape(ruled.source.slice(8)) }));
    if (ruled.advisory) parts.push(`<span class="pill advisory-pill">${t('judge.advisory')}</span>`);
  }
  const reason = ruled.reason || '';
  if (reason in SERVICE_REASONS) {
    if (SERVICE_REASONS[reason]) parts.push(t(SERVICE_REASONS[reason]));
  } else if (reason) parts.push(`«${escape(reason)}»`);
  return parts.join(' ');
}

/** A lexicon in the judge's list: its name, size and whether its verdicts count or advise. */
export function lexiconOption(x) {
  return `${x.name} · ${t('judge.words', { count: Number(x.words).toLocaleString(document.documentElement.lang || 'es') })} · ${t(x.official ? 'judge.official' : 'judge.advisory')}`;
}
