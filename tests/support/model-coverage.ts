/**
 * Which of the chart's state nodes and transitions a set of paths reaches and takes. xstate's graph
 * utilities measure no coverage (v4's `@xstate/test` had `testCoverage`; v5's have none), so this
 * is ours.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { activeStateIds, chartOf, transitionsTaken, transitionText } from './chart.js';
import type { Model, ModelPath } from './model.js';

export interface Coverage {
  states: { total: number; covered: number; missing: string[] };
  transitions: { total: number; covered: number; missing: string[] };
  /** How many paths reach each state id / take each transition id. */
  stateHits: Map<string, number>;
  transitionHits: Map<string, number>;
}

/** Chart state ids and transition ids one path reaches and takes, each once. */
export function pathItems(
  model: Model,
  path: ModelPath,
): { states: Set<string>; transitions: Set<string> } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  let previous: AnyMachineSnapshot | undefined;
  for (const step of path.steps) {
    for (const id of activeStateIds(step.state)) states.add(id);
    if (previous) {
      for (const id of transitionsTaken(model.machine, previous, step.event)) transitions.add(id);
    }
    previous = step.state;
  }
  return { states, transitions };
}

export function coverage(model: Model, paths: ModelPath[]): Coverage {
  const chart = chartOf(model.machine);
  const stateHits = new Map<string, number>();
  const transitionHits = new Map<string, number>();
  for (const path of paths) {
    const items = pathItems(model, path);
    for (const id of items.states) stateHits.set(id, (stateHits.get(id) ?? 0) + 1);
    for (const id of items.transitions) transitionHits.set(id, (transitionHits.get(id) ?? 0) + 1);
  }
  const missingStates = chart.states.filter((s) => !stateHits.has(s.id)).map((s) => s.id);
  const missingTransitions = chart.transitions
    .filter((t) => !transitionHits.has(t.id))
    .map(transitionText);
  return {
    states: {
      total: chart.states.length,
      covered: chart.states.length - missingStates.length,
      missing: missingStates,
    },
    transitions: {
      total: chart.transitions.length,
      covered: chart.transitions.length - missingTransitions.length,
      missing: missingTransitions,
    },
    stateHits,
    transitionHits,
  };
}
