// `planilla audit verify FILE...` with the pages' own verifier (pages/static/js/audit/), for the tests
// that hold it to the command: the same lines on stdout, the same exit code. `--own` uses the module's own
// SHA-256 instead of WebCrypto.
import { readFileSync } from 'node:fs';
import { verifyExport, commandLines, exitCode } from '../static/js/audit/verify.js';
import { sha256Hex } from '../static/js/audit/sha256.js';

const args = process.argv.slice(2);
const own = args[0] === '--own';
const files = own ? args.slice(1) : args;
const findings = [];
let out = '';
for (const name of files) {
  const found = await verifyExport(new Uint8Array(readFileSync(name)), own ? { digest: async (b) => sha256Hex(b) } : {});
  findings.push(found);
  out += `${commandLines(name, found)}\n`;
}
process.stdout.write(out);
process.exitCode = exitCode(findings);
