// Bring a live element's contents in line with new HTML, touching only what differs. The tablet redraws
// from the service's state on every event; replacing the whole page each time would swallow a tap that
// lands while the opponent's play arrives (the press on one button, the release on its replacement) and
// lose the caret in a field being typed. Here a button, a field or a component that is still there stays
// the same element: its listeners, focus, scroll position and typed value survive.
//
// Rules: nodes are matched in order, by kind, tag and id; a custom element (a tag with '-') that is still
// there is left to itself (its owner updates it); an <input>'s typed value is kept unless the new HTML
// changes its `value` attribute (the page reset or prefilled it).

/** Make `target`'s children equal to `html`'s, in place. Returns `target`. */
export function patch(target, html) {
  const template = document.createElement('template');
  template.innerHTML = html;
  patchChildren(target, template.content);
  return target;
}

function same(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  return a.tagName === b.tagName && (a.id || '') === (b.id || '');
}

const LOOK = 4; // how far ahead an unkeyed element is looked for (a few nodes: the text between elements)

/** Where `node` stands in `list` from `from` on: anywhere for a keyed element, a few nodes on otherwise. */
function ahead(list, from, node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return -1;
  const end = node.id ? list.length : Math.min(list.length, from + LOOK);
  for (let k = from; k < end; k += 1) if (same(list[k], node)) return k;
  return -1;
}

function patchChildren(live, wanted) {
  const next = [...wanted.childNodes];
  for (let index = 0; index < next.length; index += 1) {
    const want = next[index];
    const have = live.childNodes[index];
    if (!have) { live.append(want); continue; }
    if (same(have, want)) { patchNode(have, want); continue; }
    const gone = ahead([...live.childNodes], index + 1, want);
    if (gone >= 0) { // what stood before it went (a refusal answered, a panel closed): drop that
      for (let k = index; k < gone; k += 1) live.childNodes[index].remove();
      patchNode(live.childNodes[index], want);
    } else if (ahead(next, index + 1, have) >= 0) { // something new comes before it: insert that
      live.insertBefore(want, have);
    } else {
      live.replaceChild(want, have);
    }
  }
  while (live.childNodes.length > next.length) live.lastChild.remove();
}

function patchNode(have, want) {
  if (have.nodeType !== Node.ELEMENT_NODE) {
    if (have.nodeValue !== want.nodeValue) have.nodeValue = want.nodeValue;
    return;
  }
  if (have.tagName.includes('-')) return; // a component: its owner calls update()
  const changedValue = have.tagName === 'INPUT' && have.getAttribute('value') !== want.getAttribute('value');
  for (const { name } of [...have.attributes]) if (!want.hasAttribute(name)) have.removeAttribute(name);
  for (const { name, value } of [...want.attributes]) if (have.getAttribute(name) !== value) have.setAttribute(name, value);
  if (have.tagName === 'INPUT') {
    if (changedValue) have.value = want.getAttribute('value') ?? '';
    if (have.type === 'checkbox') have.checked = want.hasAttribute('checked');
    return;
  }
  if (have.isEqualNode(want)) return;
  patchChildren(have, want);
}
