// The hall screen's live ranking of a duplicate game (issue 18): read-only, for a 1920x1080 screen, large
// type, in es/ca/en; it reads GET /v1/duplicates/{id}/ranking again whenever the game's stream says something
// happened (a round published, a correction republished). Shows what the service ranks, nothing computed here.

import * as dup from './duplicate/service.js';
import { readAccess, accessForm } from './duplicate/access.js';
import { refusalLine } from './duplicate/refusal.js';
import { t, use, initial, choose, languagePicker } from './i18n.js';
import { escape } from './panels.js';
import { patch } from './patch.js';
import { figure, pageOf } from './standings_view.js';
import { endCause, articleRef } from './duplicate/words.js';

const app = document.getElementById('app');
const KEY = 'planilla.ranking';
// The hall screen shows 40 rows at most (two columns of 20, in type read across a hall); past that the rows come in
// pages turned every `every` seconds (`?every=`, 12 by default), the page's number shown. A phone scrolls instead.
const HALL = window.matchMedia('(min-width: 901px)');
const COLUMN_ROWS = 20;
/** Rows a column holds on this screen: 20 on a 1080-line hall screen, fewer on a landscape tablet (no scrolling). */
const columnRows = () => Math.max(6, Math.min(COLUMN_ROWS, Math.floor((window.innerHeight - 260) / 34)));
const EVERY_S = Math.max(3, Number(new URLSearchParams(location.search).get('every')) || 12);

class Screen {
  constructor(access) {
    Object.assign(this, { id: access.duplicate, token: access.token, game: null, ranking: null, online: true, sheet: 0 });
    setInterval(() => { if (this.pages > 1) { this.sheet += 1; this.render(); } }, EVERY_S * 1000);
    addEventListener('resize', () => this.render());
  }

  async run() {
    const g = await dup.game(this.id, this.token);
    if (g.status !== 200) { show(refusalLine(g.status, g.body), this.id); return; }
    this.game = g.body;
    await this.refresh();
    const stop = new AbortController();
    dup.live(this.id, this.token, this.game.version, () => { clearTimeout(this.soon); this.soon = setTimeout(() => this.refresh(), 100); },
      (on) => { this.online = on; this.render(); }, stop.signal);
  }

  async refresh() {
    const ticket = (this.ticket = (this.ticket || 0) + 1);
    const [g, r] = await Promise.all([dup.game(this.id, this.token), dup.ranking(this.id, this.token)]);
    if (ticket !== this.ticket) return; // a later read started: this one's answers are stale
    if (g.status === 200) this.game = g.body;
    if (r.status === 200) this.ranking = r.body;
    this.render();
  }

  render() {
    const g = this.game;
    const r = this.ranking;
    if (!g || !r) return;
    app.className = 'duplicate ranking-screen';
    app.dataset.version = g.version;
    app.dataset.round = r.round;
    // Only the columns the game's rules use: a bonus only where there is a solo-top bonus (AJS 3.2.11; none in FISC II)
    const bonus = Boolean(g.solo_top);
    const row = (x) => `<tr data-seat="${x.seat}"><td class="rank">${x.rank}</td><td class="name">${escape(x.player)}</td>
      <td class="num total">${figure(x.total)}</td>${bonus ? `<td class="num bonus">${x.bonus ? figure(x.bonus) : ''}</td>` : ''}
      <td class="num">${Number(x.percent).toFixed(1)}%</td></tr>`;
    // More than 20 players: two columns, so up to 40 stay on one 1080-line screen in type read across a hall; more
    // than 40 on the hall screen: pages of 40 (pageOf, as the standings' hall screen turns its pages).
    const fits = columnRows();
    const paged = HALL.matches && r.rows.length > 2 * fits;
    const { from, to, pages, page: at } = pageOf(r.rows.length, paged ? 2 * fits : r.rows.length, this.sheet);
    this.pages = pages;
    const rows = r.rows.slice(from, to);
    const columns = paged || rows.length > COLUMN_ROWS ? 2 : 1; // a last short page keeps the columns' width
    const per = paged ? fits : Math.max(1, Math.ceil(rows.length / columns));
    const sign = pages > 1 ? `<p class="page-sign" id="ranking-page" role="status" data-page="${at + 1}" data-pages="${pages}">${
      t('standings.page', { page: at + 1, pages })}</p>` : '';
    const head = `<thead><tr><th>${t('ranking.rank')}</th><th>${t('dup.player')}</th><th class="num">${t('dup.total')}</th>
      ${bonus ? `<th class="num">${t('ranking.bonus')}</th>` : ''}<th class="num">${t('dup.percent')}</th></tr></thead>`;
    const tables = Array.from({ length: columns }, (_, i) => rows.slice(i * per, (i + 1) * per)).filter((part) => part.length)
      .map((part) => `<table class="ranking">${head}<tbody>${part.map(row).join('')}</tbody></table>`).join('');
    const ended = g.ended ? `<p class="ended-line" id="ended" role="status"><strong>${t('dup.game_over')}:</strong> ${escape(endCause(g.ended.cause, g))}
      ${g.ended.article ? `<span class="article">(${escape(articleRef(g.ended.article))})</span>` : ''}</p>` : '';
    app.dataset.phase = g.phase;
    patch(app, `<header class="screen-head"><h1>${t(g.ended ? 'ranking.final' : 'ranking.title')}</h1>
      <p class="sub">${r.round ? t('ranking.after', { n: r.round }) : t('ranking.none')} · ${t('ranking.master_total', { total: r.master_total })}
        <span class="pill ${this.online ? 'ok' : 'bad'}" role="status">${this.online ? t('ranking.live') : t('net.offline')}</span></p>
      ${languagePicker()}</header>${ended}
      <div class="columns c${columns}" style="--rows: ${Math.max(per, 8)}">${tables}</div>${sign}
      <p class="foot">${r.article ? t('ranking.tiebreak', { article: escape(r.article) }) : ''}</p>`);
    document.getElementById('lang').onchange = async (ev) => { await choose(ev.target.value); this.render(); };
  }
}

function show(problem, duplicate) {
  accessForm(app, KEY, { title: t('ranking.title'), help: t('ranking.sign_in_help'), duplicate, problem }, start);
}

async function start() {
  await use(initial(null));
  const access = readAccess(KEY);
  if (!access.duplicate || !access.token) { show(null, access.duplicate); return; }
  await new Screen(access).run();
}

start();
