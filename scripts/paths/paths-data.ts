/**
 * One machine's report as plain data: its chart, the paths the model-based tests walk (both
 * strategies) as readable steps with what is asserted at each, and the coverage they reach.
 * The text summary, the HTML report and `--json` are all drawn from this.
 */
import type { AnyMachineSnapshot } from 'xstate';
import {
  activeStateIds,
  chartOf,
  eventLabel,
  transitionsTaken,
  type ChartState,
  type ChartTransition,
} from '../../tests/support/chart.js';
import { describeEvent, type Model, type PathStrategy } from '../../tests/support/model.js';
import { coverage } from '../../tests/support/model-coverage.js';
import { modelGraph } from '../../tests/support/model-graph.js';
import { modelPaths } from '../../tests/support/model-paths.js';

export const STRATEGIES: Record<PathStrategy, string> = {
  shortest: 'shortest paths per transition',
  simple: 'simple paths (fewest, longest walks)',
};

export interface StepData {
  /** The raw event type; `xstate.init` for the start. */
  event: string;
  /** The event as a reader says it, payload included. */
  label: string;
  /** The state value reached, as text. */
  state: string;
  /** Chart state ids active after the step. */
  states: string[];
  /** Chart transition ids the step takes. */
  transitions: string[];
  /** What the test asserts there: the model's meaning of each active state. */
  asserts: { state: string; meaning: string }[];
}

export interface PathData {
  id: string;
  steps: StepData[];
}

export interface CoverageData {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export interface MachineData {
  name: string;
  /** The model file, relative to tests/machines. */
  file: string;
  machine: string;
  /** `hits`: how many paths of each strategy reach the state / take the transition. */
  states: Array<ChartState & { meaning: string | null; hits: Record<PathStrategy, number> }>;
  /** `variants`: the distinct events (payloads) grouped into this transition's class. */
  transitions: Array<ChartTransition & { variants: string[]; hits: Record<PathStrategy, number> }>;
  strategies: Record<PathStrategy, { title: string; paths: PathData[]; coverage: CoverageData }>;
  /** `meaning` keys that name no state (left over after the chart changed). */
  staleMeanings: string[];
}

/** A state value as a reader says it: `profilePicture.choosing`; parallel regions joined by `+`. */
export function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) =>
      stateText(child)
        .split(' + ')
        .map((leaf) => `${key}.${leaf}`)
        .join(' + '),
    )
    .join(' + ');
}

function stepData(
  model: Model,
  event: { type: string },
  state: AnyMachineSnapshot,
  previous: AnyMachineSnapshot | undefined,
): StepData {
  const active = new Set(activeStateIds(state));
  const asserts = chartOf(model.machine)
    .states.filter((s) => active.has(s.id) && s.path !== '' && model.meaning?.[s.path])
    .map((s) => ({ state: s.path, meaning: model.meaning![s.path]! }));
  return {
    event: event.type,
    // A timer reads with its length (`after autoLock (5000 ms)`), anything else with its payload.
    label: !previous
      ? 'start'
      : event.type.startsWith('xstate.after.')
        ? eventLabel(model.machine, event.type)
        : describeEvent(event, 2),
    state: stateText(state.value),
    states: [...active],
    transitions: previous ? transitionsTaken(model.machine, previous, event) : [],
    asserts,
  };
}

function countsOf(
  hits: Record<PathStrategy, Map<string, number>>,
  id: string,
): Record<PathStrategy, number> {
  return { shortest: hits.shortest.get(id) ?? 0, simple: hits.simple.get(id) ?? 0 };
}

export function machineData(model: Model, file: string): MachineData {
  const chart = chartOf(model.machine);
  // Keyed by the full event text (distinct fixtures stay distinct), shown shortened.
  const variants = new Map<string, Map<string, string>>();
  for (const edge of modelGraph(model).edges) {
    for (const id of edge.transitions) {
      const known = variants.get(id) ?? new Map<string, string>();
      variants.set(id, known.set(describeEvent(edge.event), describeEvent(edge.event, 2)));
    }
  }
  const strategies = {} as MachineData['strategies'];
  const stateHits = {} as Record<PathStrategy, Map<string, number>>;
  const transitionHits = {} as Record<PathStrategy, Map<string, number>>;
  for (const strategy of Object.keys(STRATEGIES) as PathStrategy[]) {
    const paths = modelPaths(model, strategy);
    const { states, transitions, ...hits } = coverage(model, paths);
    stateHits[strategy] = hits.stateHits;
    transitionHits[strategy] = hits.transitionHits;
    strategies[strategy] = {
      title: STRATEGIES[strategy],
      coverage: { states, transitions },
      paths: paths.map((p, i) => ({
        id: `${strategy}-${i + 1}`,
        steps: p.steps.map((s, k) =>
          stepData(model, s.event, s.state, k > 0 ? p.steps[k - 1]!.state : undefined),
        ),
      })),
    };
  }
  return {
    name: model.name,
    file,
    machine: chart.id,
    states: chart.states.map((s) => ({
      ...s,
      meaning: model.meaning?.[s.path] ?? null,
      hits: countsOf(stateHits, s.id),
    })),
    transitions: chart.transitions.map((t) => ({
      ...t,
      variants: [...(variants.get(t.id)?.values() ?? [])],
      hits: countsOf(transitionHits, t.id),
    })),
    strategies,
    staleMeanings: Object.keys(model.meaning ?? {}).filter(
      (key) => !chart.states.some((s) => s.path === key),
    ),
  };
}

/** 100 % of states and transitions under every strategy. */
export function isComplete(data: MachineData): boolean {
  return Object.values(data.strategies).every(
    ({ coverage: c }) => c.states.missing.length === 0 && c.transitions.missing.length === 0,
  );
}
