// `planilla audit verify [--service-key KEY] [--seal FILE] FILE...` with the pages' own verifier
// (pages/static/js/audit/), for the tests that hold it to the command: the same lines on stdout, the same
// exit code. `--own` (first) uses the module's own SHA-256 instead of WebCrypto.
import { readFileSync } from 'node:fs';
import { verifyExport, commandLines, exitCode } from '../static/js/audit/verify.js';
import { sha256Hex } from '../static/js/audit/sha256.js';
import { decodeUtf8, loads } from '../static/js/audit/pyjson.js';

const args = process.argv.slice(2);
const own = args[0] === '--own';
const files = [];
let serviceKey = null;
let seal = null;
for (let i = own ? 1 : 0; i < args.length; i += 1) {
  if (args[i] === '--service-key') serviceKey = args[(i += 1)];
  else if (args[i] === '--seal') seal = loads(decodeUtf8(new Uint8Array(readFileSync(args[(i += 1)]))).text);
  else files.push(args[i]);
}
const findings = [];
let out = '';
for (const name of files) {
  const found = await verifyExport(new Uint8Array(readFileSync(name)),
    { ...(own ? { digest: async (b) => sha256Hex(b) } : {}), serviceKey, seal });
  findings.push(found);
  out += `${commandLines(name, found)}\n`;
}
process.stdout.write(out);
process.exitCode = exitCode(findings);
