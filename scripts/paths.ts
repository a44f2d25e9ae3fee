/**
 * `npm run paths`: for testers, every machine's states, transitions and generated test paths as
 * readable steps, with the coverage the model-based tests reach.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  coverage,
  describeEvent,
  describeState,
  modelPaths,
  type Model,
} from '../tests/support/model.js';

const modelsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/machines');
const files = readdirSync(modelsDir)
  .filter((f) => f.endsWith('.model.ts'))
  .sort();
const only = process.argv[2];
let incomplete = 0;

for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(modelsDir, file)).href)) as { model: Model };
  const model = mod.model;
  if (only && !model.name.toLowerCase().includes(only.toLowerCase())) continue;
  const paths = modelPaths(model);
  const cov = coverage(model, paths);
  console.log(`\n━━ ${model.name}  (${file})`);
  console.log(
    `   states ${cov.states.covered}/${cov.states.total}, transitions ${cov.transitions.covered}/${cov.transitions.total}, paths ${paths.length}`,
  );
  paths.forEach((p, i) => {
    console.log(`   ${String(i + 1).padStart(3)}. start in ${describeState(p.steps[0]!.state)}`);
    for (const step of p.steps.slice(1)) {
      console.log(`        · ${describeEvent(step.event)} → ${describeState(step.state)}`);
    }
  });
  for (const s of cov.states.missing) console.log(`   ✗ state never reached: ${s}`);
  for (const t of cov.transitions.missing) console.log(`   ✗ transition never taken: ${t}`);
  if (cov.states.missing.length || cov.transitions.missing.length) incomplete++;
}
console.log(`\n${files.length} machine models, ${incomplete} with incomplete coverage`);
process.exitCode = incomplete ? 1 : 0;
