// /verify: a tribunal member drops a planilla-audit/1 export (or picks it) and the page checks it here,
// in this browser, with nothing installed and no service needed: every hash recomputed (WebCrypto, or
// the page's own SHA-256 where the page is not a secure context), the first bad event named exactly as
// `planilla audit verify` names it (js/audit/). The file never leaves the device.
import { t, use, choose, initial } from './i18n.js';
import { registerServiceWorker } from './net.js';
import { verifyExport } from './audit/verify.js';
import { bestDigest } from './audit/sha256.js';
import { findingHtml } from './audit/report.js';
import { languagePicker, escapeHtml } from './access.js';

const app = document.getElementById('app');
let results = [];

async function check(files) {
  const { name, digest } = bestDigest();
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      results.unshift({ file: file.name, found: await verifyExport(bytes, { digest }), digest: name });
    } catch (error) {
      results.unshift({ file: file.name, error: error.message });
    }
  }
  showResults();
}

function showResults() {
  app.querySelector('.results').innerHTML = results.map((r) => (r.error === undefined ? findingHtml(r.file, r.found, r.digest)
    : `<article class="finding unreadable" data-testid="finding" data-state="error"><h3>${escapeHtml(r.file)}</h3>
       <p class="error">${escapeHtml(r.error)}</p></article>`)).join('');
  app.querySelector('[data-testid="checked"]').dataset.count = results.length;
}

function render() {
  document.title = t('verify.title');
  app.innerHTML = `<div class="audit-page">
    <header class="bar"><span class="title">Planilla · ${t('verify.title')}</span>${languagePicker()}</header>
    <main class="audit-main">
      <p>${t('verify.intro')}</p>
      <label class="drop" data-testid="drop">
        <span class="big">${t('verify.drop')}</span><span class="pick">${t('verify.or_pick')}</span>
        <input type="file" multiple accept=".jsonl,.ndjson,application/x-ndjson,application/json,text/plain" data-testid="file">
      </label>
      <p class="private">${t('verify.private')}</p>
      <div class="results" data-testid="checked" data-count="0" aria-live="polite"></div>
    </main></div>`;
  const drop = app.querySelector('.drop');
  const input = app.querySelector('input[type=file]');
  input.addEventListener('change', () => { check([...input.files]); input.value = ''; });
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    check([...e.dataTransfer.files]);
  });
  app.querySelector('[data-lang]').addEventListener('change', async (e) => { await choose(e.target.value); render(); });
  showResults();
}

// A file dropped beside the zone must not make the browser open it instead of this page.
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => { if (!e.target.closest || !e.target.closest('.drop')) e.preventDefault(); });
registerServiceWorker(); // so the page opens again without the network
await use(initial(null));
render();
