/**
 * Finds every `tests/machines/*.model.ts` and imports its `model`, so a new machine's model shows
 * up in the report without being registered anywhere.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Model } from '../../tests/support/model.js';

export const MODELS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../tests/machines',
);

export interface LoadedModel {
  file: string;
  model: Model;
}

/** `only` matches the model's name or file name, case-insensitively, in part. */
export async function loadModels(only?: string): Promise<LoadedModel[]> {
  const files = readdirSync(MODELS_DIR)
    .filter((f) => f.endsWith('.model.ts'))
    .sort();
  const loaded: LoadedModel[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(MODELS_DIR, file)).href)) as {
      model: Model;
    };
    const needle = only?.toLowerCase();
    const hit =
      !needle ||
      mod.model.name.toLowerCase().includes(needle) ||
      file.toLowerCase().includes(needle);
    if (hit) loaded.push({ file, model: mod.model });
  }
  return loaded;
}
