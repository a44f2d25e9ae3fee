/**
 * Turns a model into vitest cases: one per path of each strategy (the paths `npm run paths`
 * lists), a 100 % coverage check, and cases that also walk every edge of the model graph, so
 * that guard combinations the grouped paths leave out (a submit with two of three fields filled)
 * are still checked.
 */
import { describe, expect, it } from 'vitest';
import type { Model, PathStrategy } from './model.js';
import { coverage } from './model-coverage.js';
import { edgePaths, modelPaths } from './model-paths.js';
import { runPath } from './model-run.js';

const strategies: PathStrategy[] = ['shortest', 'simple'];

/** Edge paths per test case: about 5 s of replay on the 2-core machine. */
const EDGE_SLICE = 1000;

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

    // The exhaustive walk grows with the graph (one replay per edge; 9 423 for the captions
    // model), so it runs in slices that each get the timeout, not in one case that outgrows it.
    const edges = edgePaths(model);
    const slices = Array.from({ length: Math.ceil(edges.length / EDGE_SLICE) }, (_, i) =>
      edges.slice(i * EDGE_SLICE, (i + 1) * EDGE_SLICE),
    );
    it.each(
      slices.map((slice, i) => [i * EDGE_SLICE + 1, i * EDGE_SLICE + slice.length, slice] as const),
    )(
      `holds on every edge of the model graph (each fixture from each model state): edges %i–%i of ${edges.length}`,
      async (_first, _last, slice) => {
        for (const path of slice) await runPath(model, path);
      },
      60_000,
    );
  });
}
