// A player's receipt of the closed game (issue 26): at GameClosed the tablet fetches it
// (GET /v1/games/{id}/receipt: the game, the closing's version, its head and the service's signature, a QR
// code of it and the 20-character short code), keeps it on the device (localStorage) and shows it until the
// player confirms they have it (a photo of the QR code, the code copied by hand). Later, anyone holds an
// export to it with `planilla audit verify --receipt CODE|FILE` or /verify: a rewrite after the receipt is
// caught, a reopening named.

const KEY = 'planilla.receipt';
const storage = () => { try { return globalThis.localStorage || null; } catch { return null; } };
const slot = (game, seat) => `${KEY}.${game}.${seat}`;

/** What the tablet keeps for this game and seat: {receipt, confirmed} or null. */
export function kept(game, seat, store = storage()) {
  if (!store) return null;
  try {
    const found = JSON.parse(store.getItem(slot(game, seat)) || 'null');
    return found && typeof found === 'object' && found.receipt ? found : null;
  } catch {
    return null;
  }
}

/** Keep a receipt the service gave (its QR code and grouped code included) until the player confirms it. */
export function keep(game, seat, receipt, store = storage()) {
  if (!store) return { receipt, confirmed: false };
  const found = { receipt, confirmed: false };
  try { store.setItem(slot(game, seat), JSON.stringify(found)); } catch { /* full: shown this time only */ }
  return found;
}

/** The player has it: the tablet forgets the QR code, remembering only that it was confirmed (and its code). */
export function confirm(game, seat, store = storage()) {
  const found = kept(game, seat, store);
  if (!found || !store) return;
  const { code, code_grouped: grouped, version } = found.receipt;
  store.setItem(slot(game, seat), JSON.stringify({ receipt: { code, code_grouped: grouped, version }, confirmed: true }));
}

/** Whether a closed game's receipt is still to fetch: none kept, or one kept of an earlier closing (reopened). */
export function wanted(game, seat, version, store = storage()) {
  const found = kept(game, seat, store);
  return !found || (found.receipt.version !== undefined && found.receipt.version < version);
}

/** Fetch the receipt (null while the game is not closed, or the service does not give one). */
export async function fetchReceipt(game, token, fetcher = globalThis.fetch) {
  try {
    const answer = await fetcher(`/v1/games/${game}/receipt`, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
    return answer.ok ? await answer.json() : null;
  } catch {
    return null;
  }
}

/** The receipt panel (HTML): the QR code (the service's SVG), the short code, and the button that confirms it.
 * `t` the catalogue, `escape` the page's HTML escape. Nothing once confirmed. */
export function receiptHtml(found, t, escape) {
  if (!found || found.confirmed) return '';
  const { receipt } = found;
  const svg = typeof receipt.qr_svg === 'string' && receipt.qr_svg.startsWith('<svg') ? receipt.qr_svg : '';
  return `<div class="group receipt" data-testid="receipt"><h2>${escape(t('receipt.title'))}</h2>
    <p>${escape(t('receipt.help'))}</p>
    <div class="qr" role="img" aria-label="${escape(t('receipt.qr'))}">${svg}</div>
    <p class="code">${escape(t('receipt.code'))} <strong data-testid="receipt-code">${escape(receipt.code_grouped)}</strong>
      (${escape(t('receipt.event', { version: receipt.version }))})</p>
    <div class="buttons"><button type="button" class="primary" id="receipt-confirmed">${escape(t('receipt.confirm'))}</button></div></div>`;
}
