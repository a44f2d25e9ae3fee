/**
 * Grouping payload variants must never cost coverage: for every machine model (found like
 * `npm run paths` finds them), each strategy's paths reach every chart state and take every chart
 * transition that the exhaustive walk (one path per model-graph edge) does, with no more paths.
 * (tests/machines/paths-data.test.ts shows the case a naive grouping gets wrong: only one of three
 * typed codes opens the lock.)
 */
import { describe, expect, it } from 'vitest';
import { loadModels } from '../../scripts/paths/load-models.js';
import { coverage } from '../support/model-coverage.js';
import { edgePaths, modelPaths } from '../support/model-paths.js';

const models = await loadModels();

describe.each(models.map((m) => [m.model.name, m] as const))('%s', (_name, { model }) => {
  const exhaustive = edgePaths(model);
  const all = coverage(model, exhaustive);

  it.each(['shortest', 'simple'] as const)('%s paths cover what every edge covers', (strategy) => {
    const grouped = modelPaths(model, strategy);
    const result = coverage(model, grouped);
    expect([...result.transitionHits.keys()].sort()).toEqual([...all.transitionHits.keys()].sort());
    expect([...result.stateHits.keys()].sort()).toEqual([...all.stateHits.keys()].sort());
    expect(grouped.length).toBeLessThanOrEqual(exhaustive.length);
  });
});

it('finds every model file', () => {
  expect(models.map((m) => m.file)).toContain('change-password.model.ts');
  expect(models.length).toBeGreaterThanOrEqual(13);
});
