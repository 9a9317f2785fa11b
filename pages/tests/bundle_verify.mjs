// `planilla audit verify --bundle FILE --witness KEY... [--quorum N] [--log-key KEY]` with the pages' own verifier
// (pages/static/js/audit/bundle.js), for the test that holds it to the command: the same lines, the same exit code.
// Either the command's options and one FILE, or `--cases CASES.json` ([{file, witnesses, quorum, logKey}], run in
// one process): then one JSON line per case, {code, lines}.
import { readFileSync } from 'node:fs';
import { verifyBundle } from '../static/js/audit/bundle.js';

const check = ({ file, witnesses = [], quorum = 1, logKey = null }) =>
  verifyBundle(file, new Uint8Array(readFileSync(file)), { witnesses, quorum, logKey });

const args = process.argv.slice(2);
if (args[0] === '--cases') {
  for (const one of JSON.parse(readFileSync(args[1], 'utf8'))) process.stdout.write(`${JSON.stringify(await check(one))}\n`);
} else {
  const one = { witnesses: [] };
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--witness') one.witnesses.push(args[(i += 1)]);
    else if (args[i] === '--quorum') one.quorum = Number(args[(i += 1)]);
    else if (args[i] === '--log-key') one.logKey = args[(i += 1)];
    else one.file = args[i];
  }
  const { code, lines } = await check(one);
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = code;
}
