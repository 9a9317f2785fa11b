// The round's seat codes as a printable sheet (/seats?event=EVENT&round=N, issue 15): one call issues a
// code for every seat of every open game of the round (POST /v1/rounds/seat-codes, one transaction), and
// the page shows one card per table and seat, to cut out: table, seat, player, the QR and the code to
// type. Printed on A4, eight cards a page. The token is the console's (an arbiter's or director's).

import { t, use, choose, initial, language, LANGUAGES } from './i18n.js';
import { request } from './net.js';

const app = document.getElementById('app');
const KEY = 'planilla.console';
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const saved = () => { try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; } };
const query = new URLSearchParams(location.search);
const event = (query.get('event') || '').trim();
const round = Number(query.get('round'));
const sheet = { issued: null, problem: null, busy: false };
// The hall's local time (the laptop's clock), as a person reads a printed card.
const clock = (iso) => { const d = new Date(iso); return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(language(), { hour: '2-digit', minute: '2-digit' }); };

function tokenFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('token')) {
    localStorage.setItem(KEY, JSON.stringify({ ...saved(), token: hash.get('token') }));
    history.replaceState(null, '', `${location.pathname}${location.search}`);
  }
}

function cardHtml(card) {
  const seat = card.seat + 1;
  return `<article class="seat-card" data-game="${esc(card.game_id)}" data-seat="${card.seat}">
    <p class="where"><strong>${esc(t('seats.table', { table: card.table ?? '?' }))}</strong><span>${esc(t('console.seat', { seat }))}</span></p>
    <p class="name">${esc(card.player)}</p>
    <img class="qr" src="${esc(card.qr_url)}" alt="${esc(t('console.qr', { player: card.player }))}" width="150" height="150">
    <p class="code"><span>${esc(t('seats.type'))}</span> <b>${esc(card.code)}</b></p>
    <p class="expires">${esc(t('seats.expires', { time: clock(card.expires_at) }))}</p></article>`;
}

function render() {
  const { token } = saved();
  const lang = `<label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map((l) =>
    `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>`;
  const ready = event && round >= 1;
  const issued = sheet.issued;
  app.className = 'console seats';
  app.dataset.cards = String(issued ? issued.cards.length : 0);
  app.innerHTML = `<header class="bar">
      <div class="title"><strong>${t('seats.title')}</strong> ${ready ? esc(t('seats.heading', { event, round })) : ''}</div>
      ${ready && token ? `<button type="button" id="issue" class="primary"${sheet.busy ? ' disabled' : ''}>${t(issued ? 'seats.reissue' : 'seats.issue')}</button>` : ''}
      ${issued ? `<button type="button" id="print" disabled>${t('seats.print')}</button>` : ''}
      ${lang}<a class="back" href="/console">${t('seats.console')}</a></header>
    <section class="explain"><p>${t('seats.help')}</p>${issued ? `<p>${t('seats.reissue_help')}</p>` : ''}
      ${!ready ? `<p role="alert" class="problem">${t('seats.missing')}</p>` : ''}
      ${ready && !token ? `<p role="alert" class="problem">${t('seats.sign_in')}</p>` : ''}
      ${sheet.problem ? `<p role="alert" class="problem">${esc(sheet.problem)}</p>` : ''}
      ${issued ? `<p role="status">${esc(t('seats.issued', { count: issued.count, by: issued.issued_by, time: clock(issued.issued_at) }))}</p>` : ''}
      ${issued && issued.cards.length ? '<p id="qr-status" role="status" aria-live="polite"></p>' : ''}
      ${issued ? issued.left_out.map((x) => `<p class="problem">${esc(t('seats.left_out', { table: x.table ?? '?', why: x.reason, article: x.article ?? '' }))}</p>`).join('') : ''}
    </section>
    <main class="cards" aria-label="${t('seats.title')}">${issued ? issued.cards.map(cardHtml).join('') : ''}</main>`;
}

/** The cards' QR images as they arrive: «Imprimir» waits for all of them (a sheet printed before would carry
 * empty squares), with how many are in; one that fails is named on its card, whose code can still be typed. */
function qrProgress(images) {
  const done = images.filter((i) => i.complete).length;
  const missing = images.filter((i) => i.complete && !i.naturalWidth);
  return { done, missing, total: images.length, ready: done === images.length };
}

function watchQrs() {
  const images = [...app.querySelectorAll('.seat-card img.qr')];
  const update = () => {
    const { done, missing, total, ready } = qrProgress(images);
    const failed = missing.length;
    const button = app.querySelector('#print');
    const status = app.querySelector('#qr-status');
    app.dataset.qrReady = String(ready);
    if (button) button.disabled = !ready;
    for (const image of images) image.closest('.seat-card').classList.toggle('qr-missing', missing.includes(image));
    if (!status) return;
    status.className = ready && failed ? 'problem' : '';
    status.setAttribute('role', ready && failed ? 'alert' : 'status');
    status.textContent = !ready ? t('seats.qr_loading', { done, total }) : failed ? t('seats.qr_failed', { count: failed }) : t('seats.qr_ready', { total });
  };
  for (const image of images) {
    image.addEventListener('load', update);
    image.addEventListener('error', update);
  }
  update();
}

async function issue() {
  sheet.busy = true;
  render();
  const answer = await request('/v1/rounds/seat-codes', { method: 'POST', token: saved().token, body: { event, round } })
    .catch((error) => ({ status: 0, body: { message: String(error.message || error) } }));
  sheet.busy = false;
  if (answer.status === 201) {
    sheet.issued = answer.body;
    sheet.problem = null;
  } else {
    const body = answer.body || {};
    sheet.problem = t('seats.failed', { why: [body.message || answer.status, body.field, body.article].filter(Boolean).join(' · ') });
  }
  render();
  watchQrs();
}

app.addEventListener('click', (e) => {
  const button = e.target.closest('button');
  if (!button) return;
  if (button.id === 'issue') issue();
  if (button.id === 'print') print();
});
app.addEventListener('change', async (e) => { if (e.target.id === 'lang') { await choose(e.target.value); render(); watchQrs(); } });

await use(initial(null));
tokenFromAddress();
render();
