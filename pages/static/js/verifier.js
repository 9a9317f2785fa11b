// /verify: a tribunal member drops a planilla-audit export (or picks it) and the page checks it here,
// in this browser, with nothing installed and no service needed: every hash recomputed (WebCrypto, or
// the page's own SHA-256 where the page is not a secure context), the first bad event named exactly as
// `planilla audit verify` names it (js/audit/). The file never leaves the device. A planilla-audit/2 file's
// players' and service's signatures are checked too (WebCrypto), against the service key typed in (the
// command's --service-key), a round's seal file dropped with it is the command's --seal, and a player's
// receipt (its short code typed in, or its file dropped) the command's --receipt. A federation's proof bundle
// (planilla-bundle/1) dropped here is checked as `planilla audit verify --bundle FILE --witness KEY --quorum N`
// checks it (audit/bundle.js), against the witnesses' keys typed in. Every value from a file is shown as text
// (report.js builds DOM nodes), never as HTML.
import { t, use, choose, initial } from './i18n.js';
import { registerServiceWorker } from './net.js';
import { verifyExport } from './audit/verify.js';
import { bestDigest } from './audit/sha256.js';
import { decodeUtf8, loads, pyStr } from './audit/pyjson.js';
import { findingNode, errorNode, bundleNode } from './audit/report.js';
import { isBundle, verifyBundle } from './audit/bundle.js';
import { readReceipt } from './audit/receipt.js';
import { languagePicker } from './access.js';

const app = document.getElementById('app');
let results = [];
let seal = null; // a planilla-seal/1 document dropped here (as --seal), read as the command reads it
let receiptFile = null; // a planilla-receipt/1 document dropped here (as --receipt FILE)

/** A dropped file that is a round's seal (JSON whose format is planilla-seal/1), read; else null. */
function sealOf(bytes) {
  const decoded = decodeUtf8(bytes);
  const first = decoded.text ? decoded.text.find((c) => ![0x20, 0x09, 0x0A, 0x0D].includes(c)) : undefined;
  if (decoded.error !== undefined || first !== 0x7B) return null;
  try {
    const found = loads(decoded.text);
    return found instanceof Map && found.get('format') === 'planilla-seal/1' ? found : null;
  } catch {
    return null;
  }
}

/** A dropped file that is a player's receipt (planilla-receipt/1), read as the command reads it; else null. */
function receiptOf(bytes) {
  const decoded = decodeUtf8(bytes);
  if (decoded.error !== undefined) return null;
  const found = readReceipt(new TextDecoder().decode(bytes));
  return found instanceof Map && found.has('game') ? found : null;
}

async function check(files) {
  try {
    await checkAll(files);
  } catch (error) {
    results.unshift({ file: files.map((f) => f.name).join(', '), error: error.message });
  }
  showResults();
}

async function checkAll(files) {
  const { name, digest } = bestDigest();
  const read = await Promise.all(files.map(async (file) => ({ file, bytes: new Uint8Array(await file.arrayBuffer()) })));
  const exports = [];
  const bundles = read.filter((one) => isBundle(one.bytes));
  for (const one of read.filter((x) => !bundles.includes(x))) {
    const found = sealOf(one.bytes);
    const receipt = found ? null : receiptOf(one.bytes);
    if (found) seal = found; else if (receipt) receiptFile = receipt; else exports.push(one);
  }
  const serviceKey = app.querySelector('#service-key').value.trim() || null;
  const typed = app.querySelector('#receipt').value.trim();
  const receipt = typed ? readReceipt(typed) : receiptFile;
  const problem = app.querySelector('.receipt-error');
  problem.textContent = typeof receipt === 'string' ? receipt : '';
  if (typeof receipt === 'string') return;
  showSeal();
  const witnesses = app.querySelector('#witnesses').value.split('\n').map((k) => k.trim()).filter(Boolean);
  const quorum = Number(app.querySelector('#quorum').value || 1);
  for (const { file, bytes } of bundles) {
    try {
      results.unshift({ file: file.name, bundle: await verifyBundle(file.name, bytes, { witnesses, quorum, digest }) });
    } catch (error) {
      results.unshift({ file: file.name, error: error.code ? t(`verify.${error.code}`) : error.message });
    }
  }
  for (const { file, bytes } of exports) {
    try {
      results.unshift({ file: file.name, found: await verifyExport(bytes, { digest, serviceKey, seal, receipt }), digest: name });
    } catch (error) {
      results.unshift({ file: file.name, error: error.code ? t(`verify.${error.code}`) : error.message });
    }
  }
  showResults();
}

function showSeal() {
  const where = app.querySelector('[data-testid="seal"]');
  where.hidden = seal === null;
  if (seal === null) return;
  const field = (k) => pyStr(seal.has(k) ? seal.get(k) : null);
  where.querySelector('span').textContent = t('verify.seal_loaded', { event: field('event'), round: field('round'),
    count: field('count'), root: field('root').slice(0, 16) });
}

function showResults() {
  app.querySelector('.results').replaceChildren(...results.map((r) => (r.error !== undefined ? errorNode(r.file, r.error)
    : r.bundle !== undefined ? bundleNode(r.file, r.bundle) : findingNode(r.file, r.found, r.digest))));
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
      <div class="service-key"><label for="service-key">${t('verify.service_key')}</label>
        <input id="service-key" autocomplete="off" spellcheck="false" data-testid="service-key" aria-describedby="service-key-help">
        <p id="service-key-help" class="help">${t('verify.service_key_help')}</p></div>
      <div class="service-key"><label for="receipt">${t('verify.receipt')}</label>
        <input id="receipt" autocomplete="off" spellcheck="false" data-testid="receipt-code" aria-describedby="receipt-help">
        <p id="receipt-help" class="help">${t('verify.receipt_help')}</p><p class="receipt-error error" role="alert"></p></div>
      <div class="service-key"><label for="witnesses">${t('verify.witnesses')}</label>
        <textarea id="witnesses" rows="2" autocomplete="off" spellcheck="false" data-testid="witnesses" aria-describedby="witnesses-help"></textarea>
        <label for="quorum">${t('verify.quorum')}</label> <input id="quorum" type="number" min="0" value="1" data-testid="quorum">
        <p id="witnesses-help" class="help">${t('verify.witnesses_help')}</p></div>
      <p class="seal" data-testid="seal" hidden><span></span> <button type="button" id="seal-forget">${t('verify.seal_forget')}</button></p>
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
  app.querySelector('#seal-forget').addEventListener('click', () => { seal = null; showSeal(); });
  app.querySelector('[data-lang]').addEventListener('change', async (e) => {
    const kept = ['#service-key', '#receipt', '#witnesses', '#quorum'].map((id) => [id, app.querySelector(id).value]);
    await choose(e.target.value);
    render();
    for (const [id, value] of kept) app.querySelector(id).value = value;
  });
  showSeal();
  showResults();
}

// A file dropped beside the zone must not make the browser open it instead of this page.
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => { if (!e.target.closest || !e.target.closest('.drop')) e.preventDefault(); });
registerServiceWorker(); // so the page opens again without the network
await use(initial(null));
render();
