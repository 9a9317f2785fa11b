// <pl-keyboard>: the game's tile set as keys (Spanish [CH] [LL] [RR] Ñ; Catalan L·L NY Ç and Q for QU),
// a blank toggle (the next key is the letter the blank stands for, digraphs included), delete and clear.
// Reports 'tile' {letter, blank}, 'erase', 'clear'.

import { letters, label } from '../tiles.js';
import { t } from '../i18n.js';

class Keyboard extends HTMLElement {
  connectedCallback() {
    if (this.built) return;
    this.built = true;
    this.blank = false;
    this.setAttribute('role', 'group');
    this.addEventListener('click', (e) => {
      const key = e.target.closest('button');
      if (!key) return;
      if (key.dataset.letter) {
        this.dispatchEvent(new CustomEvent('tile', { detail: { letter: key.dataset.letter, blank: this.blank } }));
        this.blank = false;
      } else if (key.dataset.action === 'blank') {
        this.blank = !this.blank;
      } else {
        this.dispatchEvent(new CustomEvent(key.dataset.action));
      }
      this.render();
    });
  }

  update({ set }) {
    this.set = set;
    this.render();
  }

  render() {
    const set = this.set;
    this.setAttribute('aria-label', t('keyboard.label'));
    const keys = letters(set).map((l) => {
      const shown = label(set, l);
      const spoken = shown === l ? l : `${shown} (${l})`; // Catalan: the key Q is the QU tile
      const name = this.blank ? t('keyboard.blank_as', { letter: spoken }) : spoken;
      return `<button type="button" class="key${shown.length > 1 ? ' digraph' : ''}${this.blank ? ' as-blank' : ''}" `
        + `data-letter="${l}" aria-label="${name}">${this.blank ? shown.toLowerCase() : shown}</button>`;
    });
    keys.push(`<button type="button" class="key wide toggle" data-action="blank" aria-pressed="${this.blank}">`
      + `${t('keyboard.blank')}</button>`);
    keys.push(`<button type="button" class="key wide" data-action="erase" aria-label="${t('keyboard.erase')}">⌫</button>`);
    keys.push(`<button type="button" class="key wide" data-action="clear">${t('keyboard.clear')}</button>`);
    this.innerHTML = keys.join('');
  }
}

customElements.define('pl-keyboard', Keyboard);
