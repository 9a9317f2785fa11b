// A refusal from the service shown as given: its message, then the field, the rule's code and its article
// (service/api/errors.py), so the judge or the player reads what the rulebook says, not a guess of the page's.

export function refusalParts(status, body) {
  const b = body && typeof body === 'object' ? body : {};
  const detail = Array.isArray(b.detail) ? b.detail.map((d) => d.msg || JSON.stringify(d)).join('; ') : b.detail;
  return { status, message: b.message || detail || (typeof body === 'string' ? body : ''), field: b.field || null,
    code: b.code || null, article: b.article || null };
}

/** "message (field · code · article)" */
export function refusalLine(status, body) {
  const p = refusalParts(status, body);
  const tags = [p.field, p.code, p.article].filter(Boolean);
  return `${p.status}: ${p.message}${tags.length ? ` (${tags.join(' · ')})` : ''}`;
}
