// One table in the officials' console: both sheets as written and as true, the board, the history with
// actor and device, and the arbiter's toolbox as forms, one per command the game's next_actions offer an
// official now (built from the contract: schema_form.js), each showing the article it applies and asking
// what the command needs. An official acting here is recorded as themself (their own token).

import { readState, readStatus, readSheet } from './api.js';
import { request, uuid } from './net.js';
import { t, known as said } from './i18n.js';
import { GameView } from './state.js';
import { commandSchemas, fields, fieldWords, formHtml, formValues, readValues } from './schema_form.js';
import { BOOKS, articleOf } from './command_articles.js';
import { hallName } from './console_names.js';
import { pageStore } from './api.js';
import { ACTS, officialKey, makeOfficialKey, officialFields, pemOf } from './official_key.js';
import { countersignHtml, sendCountersign, showFingerprint } from './console_enrol.js';
import { startQuestion, startHtml } from './starter.js';
import './components/board.js';
import './components/sheets.js';

const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
/** Fields the console asks for though the contract leaves them out (a tablet sends its own seat as `asked_by`): a
 * correction an official records names the player who asked it and says why, in the players' words, so the history
 * never holds a correction without who asked and why. */
const ASKED = { correct_score: ['asked_by', 'reason'] };
let schemas = null;
let articles = null;

async function contract() {
  if (!schemas) schemas = fetch('/openapi.json').then((r) => r.json()).then(commandSchemas);
  return schemas;
}

/** Every profile's articles (pages/static/profile_articles.json, from the profiles), read once. */
function profileArticles() {
  if (!articles) articles = fetch('/static/profile_articles.json').then((r) => r.json()).catch(() => ({}));
  return articles;
}

/** The article a command applies under the game's profile, as its form shows it ('' for none). */
function articleFor(type, profile, table) {
  const found = articleOf(type, profile, table);
  if (found === null) return t('form.silent', { book: BOOKS[profile] });
  return found || '';
}

/** The commands an official may send now: the game's next_actions for directors and arbiters, and
 * releasing a seat (leaving game mode: open until the game is closed, never listed). */
function officialActions(view) {
  const listed = view.raw.next_actions.filter((a) => a.role === 'director');
  const seen = new Set();
  const found = [];
  for (const a of listed) {
    const key = `${a.type}:${a.seat ?? ''}`;
    if (!seen.has(key)) { seen.add(key); found.push(a); }
  }
  // a correction of the sheets (FILE 40, FISE 41, FISC I.9) is listed for the players who ask it; the arbiter at the
  // table records it for them (asked by one, agreed by the other): one form, first, while a sheet can be corrected
  if (view.raw.next_actions.some((a) => a.type === 'correct_score')) found.unshift({ type: 'correct_score', seat: null });
  if (!view.closed) for (const seat of [0, 1]) found.push({ type: 'release_seat', seat });
  // A player's act for a seat no live tablet holds (paper, a tablet that died): the official enters it, an official
  // entry, signed with this device's key when it has one (official_key.js); and a seat's new key to confirm.
  const live = new Set((view.raw.devices || []).filter((d) => !d.revoked).map((d) => d.seat));
  for (const a of view.raw.next_actions) {
    const key = `${a.type}:${a.seat ?? ''}`;
    if (a.role === 'player' && ACTS.includes(a.type) && a.seat != null && !live.has(a.seat) && !seen.has(key)) {
      seen.add(key);
      found.push(a);
    }
  }
  for (const p of view.raw.key_proposals || []) found.push({ type: 'confirm_key_replacement', seat: p.seat, fingerprint: p.fingerprint });
  return found;
}

/** The first line where a sheet or an announcement differs, as the correction's form is prefilled with it: whose
 * line, its number, the field, the wrong figure and the true one (the arbiter checks them, and says who asked). */
function correctionPreset(v) {
  const d = v.discrepancies[0];
  if (!d) return {};
  const old = [d.announced, ...Object.values(d.sheets)].find((x) => x != null && x !== d.true);
  return { player: d.seat, turn: d.number, field: d.field, old, new: d.true };
}

/** Where the sheets disagree, in words, as the tablets say it: «Elena Mas, jugada 1, puntos: valor real 22 (Fina
 * Roig anotó 1)»; then both sheets side by side, each line's figures as written by each sheet and as true. */
function differingHtml(v, article) {
  const items = v.discrepancies.map((d) => {
    const said = Object.entries(d.sheets).filter(([, value]) => value != null && value !== d.true)
      .map(([seat, value]) => t('diff.wrote', { name: esc(v.name(+seat)), value }));
    if (d.announced != null && d.announced !== d.true) said.unshift(t('diff.announced', { value: d.announced }));
    return `<li>${t('diff.line', { name: esc(v.name(d.seat)), number: d.number, field: t(`field.${d.field}`), value: d.true })}${
      said.length ? ` (${said.join('; ')})` : ''}</li>`;
  }).join('');
  return `<section class="differing" aria-label="${t('diff.title')}"><h2>⚠ ${t('diff.title')}${
    article ? ` <span class="article">${esc(article)}</span>` : ''}</h2><ul>${items}</ul>
    <p class="why">${t('console.differing_help')}</p><pl-sheets></pl-sheets></section>`;
}

/** Each seat's tablets (the live devices the state lists) and the form that replaces a lost or broken one;
 * a code just issued stays shown (its QR inlined: the code works once) until the official dismisses it. */
function tabletsHtml(v, issued) {
  if (v.closed) return '';
  const live = (v.raw.devices || []).filter((d) => !d.revoked);
  return v.players.map((p) => {
    const held = live.filter((d) => d.seat === p.seat).map((d) => `<li><code>${esc(d.device)}</code> · ${esc(t('console.tablet_bound', { time: (d.bound_at || '').slice(11, 19) }))}</li>`).join('');
    const card = issued.get(p.seat);
    const shown = card ? `<div class="replaced" role="status" data-code="${esc(card.code)}">
        <div class="qr" role="img" aria-label="${esc(t('console.qr', { player: p.name }))}">${card.svg || ''}</div>
        <p>${esc(t('console.replace_done', { player: p.name, code: card.code }))}</p><p class="code"><b>${esc(card.code)}</b></p>
        <button type="button" class="dismiss" data-seat="${p.seat}">${t('console.done')}</button></div>` : '';
    return `<div class="seat-tablets" data-seat="${p.seat}"><h3>${esc(t('console.seat', { seat: p.seat + 1 }))} · ${esc(p.name)}</h3>
      <ul>${held || `<li>${esc(t('console.tablet_none'))}</li>`}</ul>${shown}
      <form class="replace" data-seat="${p.seat}"><label>${t('console.replace_reason')} <input name="reason" maxlength="300"></label>
        <button type="submit">${t('console.replace')}</button><p class="problem" aria-live="polite"></p></form></div>`;
  }).join('') + `<p class="why">${t('console.replace_help')}</p>`;
}

/** This device's official key (official_key.js): made here, shown as the PEM `planilla official enrol` takes, and
 * used to sign the entries and confirmations this console sends; or the form that makes it. */
function officialKeyHtml(key) {
  if (!key) {
    return `<form class="official-key"><p class="why">${t('console.key_none')}</p>
      <label>${t('console.key_role')} <select name="role"><option value="arbiter">arbiter</option><option value="director">director</option></select></label>
      <label>${t('console.key_label')} <input name="label" maxlength="100" required></label>
      <button type="submit" id="official-key-make">${t('console.key_make')}</button><p class="problem" aria-live="polite"></p></form>`;
  }
  return `<div class="official-key-made" data-fingerprint="${esc(key.fingerprint)}" data-actor="${esc(key.actor)}">
    <p>${esc(t('console.key_made', { actor: key.actor }))} <code class="fingerprint">${esc(key.fingerprint)}</code></p>
    <p class="why">${esc(t('console.key_enrol'))}</p><pre class="pem">${esc(pemOf(key.spki))}</pre></div>${countersignHtml(key)}`;
}

async function replaceTablet(game, token, seat, reason) {
  const answer = await request(`/v1/games/${game}/seats/${seat}/replace`, { method: 'POST', token, body: { reason } })
    .catch((error) => ({ status: 0, body: { message: String(error.message || error) } }));
  if (answer.status !== 200) return { error: answer.body || {} };
  const svg = await fetch(answer.body.qr_url, { cache: 'no-store' }).then((r) => (r.ok ? r.text() : '')).catch(() => '');
  return { card: { ...answer.body, svg: svg.replace(/<\?xml[^>]*>/, '') } };
}

/** What an event changed, where the history says it in words: a correction's line, figures, reason and article. */
function eventDetail(e, v) {
  const p = e.payload || {};
  if (e.type !== 'ScoreCorrected') return '';
  const row = v.rowOf(p.turn);
  return ` <span class="detail">${esc(t('console.corrected', { name: v.name(p.seat), number: row ? row.number : p.turn + 1,
    field: t(`field.${p.field}`), old: p.old, new: p.new }))}${p.reason ? ` · «${esc(p.reason)}»` : ''}${
    p.article ? ` · ${esc(p.article)}` : ''}</span>`;
}

function historyHtml(events, v) {
  return `<ol class="history">${events.slice(-40).reverse().map((e) => `<li data-type="${esc(e.type)}"><time>${esc((e.recorded_at || '').slice(11, 19))}</time>`
    + ` <strong>${esc(e.type)}</strong> <span class="actor">${esc(e.actor)}</span> <span class="device">${esc(e.device || '—')}</span>`
    + `${eventDetail(e, v)}</li>`).join('')}</ol>`;
}

/** Draw the table `game` into `root` and keep it fresh while it is open. */
export async function showTable(root, { game, token, back }) {
  const view = document.createElement('div');
  view.className = 'table-view';
  root.className = 'console table';
  root.replaceChildren(view);
  let timer = null;
  const issued = new Map(); // seat -> the replacement code just issued (shown until dismissed)
  let sent = ''; // the last command recorded from this view, said under the banner (its form is gone once done)
  const store = await pageStore().catch(() => null);
  let myKey = store ? await officialKey(store).catch(() => null) : null; // this device's official key, if made
  let drawn = ''; // what the view shows (version, status, sheets, events): a poll that finds the same redraws nothing
  const load = async (polled = false) => {
    clearTimeout(timer);
    if (!view.isConnected) return;
    try {
      const [raw, status, sheet, found, known, table] = await Promise.all([readState(game, token), readStatus(game, token).catch(() => null),
        readSheet(game, token).catch(() => null), request(`/v1/games/${game}/events?after=0`, { token }), contract(), profileArticles()]);
      const events = found.status === 200 ? found.body.events : [];
      const seen = JSON.stringify([raw.version, raw.head_hash, status, sheet, events.length]);
      if (!polled || seen !== drawn) {
        if (draw(new GameView(raw, status, sheet, null), events, known, table)) drawn = seen; // not kept for a form
      }
    } catch (error) {
      view.innerHTML = `<p class="problem" role="alert">${esc(t('console.table_failed', { why: error.status || error.message }))}</p>`
        + `<button type="button" id="back">${t('console.back')}</button>`;
    }
    timer = setTimeout(() => load(true), 3000);
  };
  const draw = (v, events, known, table) => {
    const open = document.activeElement && view.contains(document.activeElement) && document.activeElement.closest('form');
    if (open) return false; // an official is filling a form: the table is redrawn once it is sent or left
    root.dataset.version = String(v.version);
    const start = startQuestion(v.raw.next_actions, v.profile, v.bagMode); // who starts, asked in words (starter.js)
    const forms = startHtml(start, v.players, t) + officialActions(v).filter((a) => known.has(a.type) && !(start && a.type === 'give_starter')).map((a) => {
      const label = `${t(`command.${a.type}`)}${a.seat != null ? ` · ${v.name(a.seat)}` : ''}`;
      const preset = a.type === 'correct_score' ? correctionPreset(v) : a.fingerprint ? { seat: a.seat, fingerprint: a.fingerprint }
        : a.seat != null ? { seat: a.seat } : {};
      return formHtml(a.type, known.get(a.type), { t, words: said, label, key: `${a.type}-${a.seat ?? 'all'}`, preset,
        required: ASKED[a.type], players: v.players.map((p) => p.name), article: articleFor(a.type, v.profile, table) })
        .replace('<form class="command"', `<form class="command" data-seat="${a.seat ?? ''}"`);
    }).join('');
    const differing = v.discrepancies.length > 0; // the sheets first, beside the correction's form (FILE 40)
    const scores = v.players.map((p) => `<li class="${p.seat === v.onTurn ? 'on-turn' : ''}">${esc(p.name)} <b>${p.score}</b></li>`).join('');
    view.innerHTML = `<header class="bar"><button type="button" id="back">← ${t('console.back')}</button>
        <div class="title"><strong>${t('game.table', { table: v.table ?? '?' })}</strong> ${esc([v.event, v.round != null ? t('game.round', { round: v.round }) : null, v.profile ? said(`director.profile.${v.profile}`) ?? v.profile : null].filter(Boolean).join(' · '))}</div></header>
      <p class="banner" role="status">${esc(t(`hall.waiting.${(v.status && v.status.waiting_for) || 'none'}`))}</p>
      ${sent ? `<p class="sent" role="status">✔ ${esc(sent)}</p>` : ''}
      <main class="table-layout">
        <section aria-label="${t('board.area')}"><pl-board></pl-board><ul class="table-scores">${scores}</ul></section>
        ${differing ? '<div class="right">' : ''}${differing ? differingHtml(v, articleFor('correct_score', v.profile, table)) : ''}
        <section aria-label="${t('console.toolbox')}"><h2>${t('console.toolbox')}</h2>${forms || `<p>${t('console.no_commands')}</p>`}</section>
        ${differing ? '</div>' : ''}
        <section aria-label="${t('console.tablets')}" class="tablets-area"><h2>${t('console.tablets')}</h2>${tabletsHtml(v, issued)}</section>
        ${differing ? '' : `<section aria-label="${t('sheet.both')}"><h2>${t('sheet.both')}</h2><pl-sheets></pl-sheets></section>`}
        <section aria-label="${t('console.history')}"><h2>${t('console.history')}</h2>${historyHtml(events, v)}</section>
        <section aria-label="${t('console.key_title')}" class="official-key-area"><h2>${t('console.key_title')}</h2>${officialKeyHtml(myKey)}</section>
      </main>`;
    view.querySelector('pl-board').update({ board: v.board, set: v.set, selectable: false });
    view.querySelector('pl-sheets').update({ sheets: v.sheets, seat: null, both: true, short: hallName });
    view.dataset.version = String(v.version);
    view.version = v.version;
    view.head = v.raw.head_hash;
    return true;
  };
  view.addEventListener('click', (e) => {
    if (e.target.closest('#back')) { clearTimeout(timer); back(); }
    const dismiss = e.target.closest('button.dismiss');
    if (dismiss) { issued.delete(Number(dismiss.dataset.seat)); load(); }
  });
  // what was missing is said until the official changes something in that form
  const clear = (e) => { const problem = e.target.closest && e.target.closest('form.command')?.querySelector('.problem'); if (problem) problem.textContent = ''; };
  view.addEventListener('input', clear);
  view.addEventListener('input', (e) => { if (e.target.name === 'public_key' && e.target.form?.classList.contains('countersign')) showFingerprint(e.target.form); });
  view.addEventListener('change', clear);
  view.addEventListener('submit', async (e) => {
    e.preventDefault();
    const form = e.target;
    if (form.classList.contains('official-key')) {
      const label = form.elements.label.value.trim();
      if (!label || !store) { form.querySelector('.problem').textContent = t('console.key_label'); return; }
      myKey = await makeOfficialKey(store, { role: form.elements.role.value, label });
      document.activeElement.blur();
      load();
      return;
    }
    if (form.classList.contains('countersign')) {
      if (await sendCountersign(form, myKey, token)) form.elements.public_key.value = '';
      return;
    }
    if (form.classList.contains('replace')) {
      const reason = form.elements.reason.value.trim();
      const problem = form.querySelector('.problem');
      if (!reason) { problem.textContent = t('console.replace_missing'); return; }
      const done = await replaceTablet(game, token, Number(form.dataset.seat), reason);
      if (done.error) { problem.textContent = [done.error.message || done.error.detail, done.error.field, done.error.article].filter(Boolean).join(' · '); return; }
      issued.set(done.card.seat, done.card);
      document.activeElement.blur();
      load();
      return;
    }
    const type = form.dataset.type;
    const known = await contract();
    const problem = form.querySelector('.problem');
    const read = readValues(known.get(type), formValues(form.elements), { required: ASKED[type] });
    if (read.error) {
      const wrong = fields(known.get(type)).find((f) => f.name === read.error.field);
      const field = wrong ? fieldWords(type, wrong, said).label : read.error.field;
      problem.textContent = t(`form.problem.${read.error.code}`, { field });
      form.elements[read.error.field]?.focus?.();
      return;
    }
    const signed = await officialFields(myKey, { type, game, head: view.head, body: read.body }); // never typed
    const answer = await request(`/v1/games/${game}/commands`, { method: 'POST', token, headers: { 'Idempotency-Key': uuid() },
      body: { type, expected_version: view.version, ...read.body, ...signed } }).catch((error) => ({ status: 0, body: { message: String(error.message || error) } }));
    if (answer.status !== 200) {
      const body = answer.body || {};
      problem.textContent = [body.message || body.detail || answer.status, body.article].filter(Boolean).join(' · ');
      return;
    }
    const [title, article] = ['h3 .title', 'h3 .article'].map((x) => form.querySelector(x)?.textContent.trim());
    sent = t('console.sent', { command: form.dataset.label || (article ? `${title || type} (${article})` : title || type) });
    document.activeElement.blur();
    load();
  });
  await load();
}
