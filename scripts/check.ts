/**
 * `npm run check`: types, lint (with the layer walls), formatting, no import loop, and the walls
 * proved against docs/architecture.md. The checks are independent, so they run side by side, as
 * many at once as the machine has cores (one after another they took two minutes of CI on two
 * cores, most of it tsc and the type-aware lint each waiting for the other). Each check's output is
 * printed whole when it ends, under its name and time; the exit code is 1 if any check failed.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

interface Check {
  name: string;
  command: string;
  args: string[];
}

const bin = (name: string) => path.join('node_modules', '.bin', name);

// Longest first, so the short ones fill the gaps.
const CHECKS: Check[] = [
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  { name: 'types', command: bin('tsc'), args: ['--noEmit'] },
  { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
  { name: 'layers', command: bin('tsx'), args: ['scripts/check-layers.ts'] },
  { name: 'import cycles', command: bin('tsx'), args: ['scripts/check-import-cycles.ts'] },
];

function run(check: Check): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(check.command, check.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const finish = (ok: boolean) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const verdict = ok ? 'ok' : 'FAILED';
      process.stdout.write(`== ${check.name}: ${verdict} in ${seconds} s\n${output}`);
      if (output && !output.endsWith('\n')) process.stdout.write('\n');
      resolve(ok);
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

async function main(): Promise<void> {
  const queue = [...CHECKS];
  const results: boolean[] = [];
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
  };
  const lanes = Math.min(os.availableParallelism(), CHECKS.length);
  await Promise.all(Array.from({ length: lanes }, lane));
  if (results.includes(false)) process.exit(1);
}

await main();
