// `planilla audit verify [--service-key KEY] [--seal FILE] [--receipt CODE|FILE] FILE...` with the pages' own verifier
// (pages/static/js/audit/), for the tests that hold it to the command: the same lines on stdout, the same
// exit code. `--own` (first) uses the module's own SHA-256 instead of WebCrypto.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { verifyExport, commandLines, exitCode } from '../static/js/audit/verify.js';
import { sha256Hex } from '../static/js/audit/sha256.js';
import { decodeUtf8, loads } from '../static/js/audit/pyjson.js';
import { readReceipt } from '../static/js/audit/receipt.js';
import { escaped } from '../static/js/audit/hands.js';

const args = process.argv.slice(2);
const own = args[0] === '--own';
const files = [];
let serviceKey = null;
let seal = null;
let receipt = null;
let receiptArg = null;
for (let i = own ? 1 : 0; i < args.length; i += 1) {
  if (args[i] === '--service-key') serviceKey = args[(i += 1)];
  else if (args[i] === '--seal') seal = loads(decodeUtf8(new Uint8Array(readFileSync(args[(i += 1)]))).text);
  else if (args[i] === '--receipt') receiptArg = args[(i += 1)];
  else files.push(args[i]);
}
if (receiptArg !== null) {
  const isFile = receiptArg.length < 1000 && existsSync(receiptArg) && statSync(receiptArg).isFile();
  receipt = readReceipt(isFile ? readFileSync(receiptArg, 'utf8') : receiptArg);
  if (typeof receipt === 'string') {
    process.stdout.write(`${escaped(`${receiptArg}: ${receipt}`)}\n`);
    process.exit(2);
  }
}
const findings = [];
let out = '';
for (const name of files) {
  const found = await verifyExport(new Uint8Array(readFileSync(name)),
    { ...(own ? { digest: async (b) => sha256Hex(b) } : {}), serviceKey, seal, receipt });
  findings.push(found);
  out += `${commandLines(name, found)}\n`;
}
process.stdout.write(out);
process.exitCode = exitCode(findings);
