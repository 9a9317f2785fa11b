// Run by tests/pages/test_key_crosscheck.py: makes a tablet key pair with keys.js (node's WebCrypto), signs
// what a tablet signs, and prints the vectors as JSON for the service's `cryptography` checks; given vectors
// on stdin ({spki, items: [{message, signature}]}, made by Python), prints whether keys.js verifies each.
import { makeKeyPair, publicKeySpki, fingerprint, signHead, signedMessage, verifySignature } from '../static/js/keys.js';

const [mode, game] = process.argv.slice(2);
if (mode === 'make') {
  const pair = await makeKeyPair();
  const spki = await publicKeySpki(pair.publicKey);
  const items = [];
  for (const [i, action] of ['sign', 'accept', 'accept', 'sign'].entries()) {
    const head = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const seat = i % 2;
    items.push({ action, seat, head, message: signedMessage(action, game, seat, head),
      signature: await signHead(pair.privateKey, { action, game, seat, head }) });
  }
  console.log(JSON.stringify({ spki, fingerprint: await fingerprint(spki), items }));
} else {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const { spki, items } = JSON.parse(text);
  console.log(JSON.stringify(await Promise.all(items.map((it) => verifySignature(spki, it.message, it.signature)))));
}
