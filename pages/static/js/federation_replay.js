// The federation's replay page (/replay on `planilla federation serve`, service/federation/pages_replay.py)
// steps through plain links and works without this module; it only adds the keyboard, as the hall's replay
// has it: ← → one event, Home and End the first and the last event.
const KEYS = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };

document.addEventListener('keydown', (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || !KEYS[e.key]) return;
  if (e.target.closest && e.target.closest('input, select, textarea')) return;
  const link = document.querySelector(`.steps a[data-step="${KEYS[e.key]}"]`);
  if (!link) return;
  e.preventDefault();
  window.location.href = link.href;
});
