// The landing page at /: every page a person can open, in the device's language.
import { t, use, choose, initial, language, LANGUAGES } from './i18n.js';
import { registerServiceWorker } from './net.js';

// One line per page; the officials' hall console and the public board join this list when they exist.
const PAGES = [
  { href: '/tablet', key: 'landing.tablet' },
  { href: '/replay', key: 'landing.replay' },
  { href: '/audit', key: 'landing.audit' },
  { href: '/verify', key: 'landing.verify' },
  { href: '/console', key: 'landing.console' },
  { href: '/standings', key: 'landing.standings' },
  { href: '/rounds', key: 'landing.rounds' },
  { href: '/wall', key: 'landing.wall' },
  { href: '/slip', key: 'landing.slip' },
  { href: '/judge', key: 'landing.judge' },
  { href: '/ranking', key: 'landing.ranking' },
  { href: '/docs', key: 'landing.api' },
];

async function render() {
  document.title = t('landing.title');
  document.getElementById('app').innerHTML = `<h1>${t('landing.title')}</h1><p>${t('landing.intro')}</p>
    <ul>${PAGES.map((p) => `<li><a href="${p.href}">${t(p.key)}</a></li>`).join('')}</ul>
    <p>${t('landing.later')}</p>
    <label class="lang"><span>${t('language')}</span><select id="lang">${LANGUAGES.map((l) =>
      `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>`;
  document.getElementById('lang').addEventListener('change', async (e) => { await choose(e.target.value); render(); });
}

registerServiceWorker(); // the app shell: the pages reload without the network (secure contexts only)
await use(initial(null));
render();
