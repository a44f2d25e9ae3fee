/**
 * Turns a model into vitest cases: one per path of each strategy (the paths `npm run paths`
 * lists), a 100 % coverage check, and one case that also walks every edge of the model graph, so
 * that guard combinations the grouped paths leave out (a submit with two of three fields filled)
 * are still checked.
 */
import { describe, expect, it } from 'vitest';
import type { Model, PathStrategy } from './model.js';
import { coverage } from './model-coverage.js';
import { edgePaths, modelPaths } from './model-paths.js';
import { runPath } from './model-run.js';

const strategies: PathStrategy[] = ['shortest', 'simple'];

export function describeModel(model: Model): void {
  describe(`${model.name} (model-based)`, () => {
    for (const strategy of strategies) {
      describe(`${strategy} paths`, () => {
        const paths = modelPaths(model, strategy);

        it('has paths to walk', () => {
          expect(paths.length).toBeGreaterThan(0);
        });

        it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
          await runPath(model, path);
        });

        it('reaches every state and takes every transition of the chart', () => {
          const result = coverage(model, paths);
          expect(result.states.missing).toEqual([]);
          expect(result.transitions.missing).toEqual([]);
        });
      });
    }

    it('holds on every edge of the model graph (each fixture from each model state)', async () => {
      for (const path of edgePaths(model)) await runPath(model, path);
      // The walk grows with the graph (one replay per edge); a parallel chart doubles it.
    }, 60_000);
  });
}
