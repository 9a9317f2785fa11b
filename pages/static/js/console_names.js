// A player's name on a hall tile (the officials' console, issue 15): a tile ten across at 1920x1080 has room
// for about fourteen letters, so a long name shows its surnames, as a Spanish or Catalan list does: the last
// two words that are not particles, with the particles before and between them ("María del Carmen García
// Fernández" -> "García Fernández", "Jordi Puig i Soler" -> "Puig i Soler", "Ana de la Fuente Sánchez" ->
// "de la Fuente Sánchez"). A name of two words keeps its last ("Pierre-Alexandre Dupont-Aignan" ->
// "Dupont-Aignan"). A short name is shown whole. The tile's accessible name and title keep the full name.

const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'i', 'e', 'da', 'das', 'do', 'dos', 'di', 'du', 'van',
  'von', 'der', 'den', 'le', 'el', 'les']);
export const WHOLE = 14;

export function hallName(name) {
  const full = String(name ?? '').trim().replace(/\s+/g, ' ');
  if (full.length <= WHOLE) return full;
  const words = full.split(' ');
  const main = words.map((w, i) => (PARTICLES.has(w.toLowerCase()) ? -1 : i)).filter((i) => i >= 0);
  if (main.length < 2) return full;
  let start = main[main.length - (main.length >= 3 ? 2 : 1)];
  while (start > 1 && PARTICLES.has(words[start - 1].toLowerCase())) start -= 1;
  return words.slice(start).join(' ');
}
