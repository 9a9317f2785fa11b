// The round's countdown on screen (display only: the judge's «¡Tiempo!» closes the round, FISC II.5,
// AJS 3.2.6). The time the round started is the service's; the device's clock may be off, so the offset
// is taken from the Date header of the service's last answer.

/** The device clock's offset from the service's (ms, service minus device), from an answer's Date header.
 * The header gives whole seconds, cut down: the service's clock was half a second past it on average, which
 * keeps the offset within half a second (what the countdown shows is whole seconds). */
export function skewOf(dateHeader, deviceNow) {
  const service = Date.parse(dateHeader || '');
  return Number.isFinite(service) ? service + 500 - deviceNow : 0;
}

/** Whole seconds left in the round (0 once run out; the full time before it started). */
export function remaining(startedAt, seconds, deviceNow, skew = 0) {
  const started = Date.parse(startedAt || '');
  if (!Number.isFinite(started)) return seconds;
  const left = seconds - (deviceNow + skew - started) / 1000;
  return Math.max(0, Math.min(seconds, Math.ceil(left)));
}

/** 3:00, 0:09. */
export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left in the round on the service's clock: the full time before a round has started. */
export function roundLeft(game, round, skew, deviceNow = Date.now()) {
  return round ? remaining(round.started_at, game.round_seconds, deviceNow, skew) : game.round_seconds;
}

/** The countdown element (`#timer`, its `.clock` inside) showing `left` seconds: written only when the
 * number changed (it is asked four times a second), marked `low` in the last 30 seconds. */
export function showLeft(el, left) {
  if (el.dataset.left === String(left)) return;
  el.dataset.left = String(left);
  el.querySelector('.clock').textContent = clock(left);
  el.classList.toggle('low', left <= 30);
}
