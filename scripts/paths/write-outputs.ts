/** Builds every machine's data and writes the HTML report and/or JSON under one folder. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportHtml } from './html.js';
import { loadModels } from './load-models.js';
import { machineData, STRATEGIES, type MachineData } from './paths-data.js';

// fileURLToPath rather than import.meta.dirname, which Node 20 has only from 20.11.
export const OUT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test-results/paths',
);

export interface Outputs {
  machines: MachineData[];
  html?: string;
  json?: string;
}

export async function collect(only?: string): Promise<MachineData[]> {
  const loaded = await loadModels(only);
  return loaded.map(({ file, model }) => machineData(model, file));
}

export async function writeOutputs(
  machines: MachineData[],
  options: { report?: boolean; json?: boolean; outDir?: string },
): Promise<Outputs> {
  const outDir = options.outDir ?? OUT_DIR;
  const generated = new Date();
  const result: Outputs = { machines };
  if (options.report || options.json) mkdirSync(outDir, { recursive: true });
  if (options.report) {
    result.html = path.join(outDir, 'index.html');
    writeFileSync(result.html, await reportHtml(machines, generated));
  }
  if (options.json) {
    result.json = path.join(outDir, 'paths.json');
    const data = { generated: generated.toISOString(), strategies: STRATEGIES, machines };
    writeFileSync(result.json, `${JSON.stringify(data, null, 2)}\n`);
  }
  return result;
}
