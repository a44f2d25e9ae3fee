/**
 * `npm run paths [-- --report] [--json] [--steps [--strategy simple]] [--machine NAME]`: for
 * testers, a short coverage summary of every machine's model-based paths; `--report` writes
 * test-results/paths/index.html (diagrams and readable paths), `--json` test-results/paths/paths.json,
 * `--steps` prints the paths themselves. Exits 1 when a machine is not
 * fully covered, so `npm test` fails on it too.
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { isComplete } from './paths-data.js';
import { stepsText } from './steps-text.js';
import { summary } from './summary.js';
import { collect, writeOutputs } from './write-outputs.js';

const { values, positionals } = parseArgs({
  options: {
    report: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    machine: { type: 'string' },
    steps: { type: 'boolean', default: false },
    strategy: { type: 'string', default: 'shortest' },
  },
  allowPositionals: true,
});
// A bare word still limits the output, as `npm run paths pager` did before the flags existed.
const only = values.machine ?? positionals[0];
const machines = await collect(only);
if (machines.length === 0) {
  console.error(`no machine model matches '${only ?? ''}'`);
  process.exit(1);
}
if (values.strategy !== 'shortest' && values.strategy !== 'simple') {
  console.error(`--strategy is 'shortest' or 'simple', not '${values.strategy}'`);
  process.exit(1);
}
console.log(summary(machines));
if (values.steps) console.log(stepsText(machines, values.strategy));
const outputs = await writeOutputs(machines, values);
for (const file of [outputs.html, outputs.json]) {
  if (file) console.log(`wrote ${relative(process.cwd(), file)}`);
}
process.exitCode = machines.every(isComplete) ? 0 : 1;
