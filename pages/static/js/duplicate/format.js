// Times on the duplicate pages: a slip's arrival as the hall's clock shows it (hours, minutes, seconds).

export function arrivalTime(at, lang = globalThis.document?.documentElement.lang || 'es') {
  const date = new Date(at);
  return at && Number.isFinite(date.getTime())
    ? date.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : '';
}
