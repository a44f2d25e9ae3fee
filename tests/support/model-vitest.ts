/** Turns a model into vitest cases: one per generated path, plus a 100 % coverage check. */
import { describe, expect, it } from 'vitest';
import { coverage, modelPaths, runPath, type Model } from './model.js';

export function describeModel(model: Model): void {
  describe(`${model.name} (model-based)`, () => {
    const paths = modelPaths(model);

    it('has paths to walk', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    it.each(paths.map((p) => [p.description, p] as const))('%s', async (_description, path) => {
      await runPath(model, path);
    });

    it('reaches every state and takes every transition of the chart', () => {
      const result = coverage(model, paths);
      expect(result.states.missing).toEqual([]);
      expect(result.transitions.missing).toEqual([]);
    });
  });
}
