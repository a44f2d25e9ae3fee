/**
 * Model-based testing for XState v5 machines, on xstate's graph utilities: what a model is.
 *
 * A model names, per event type, the concrete events to try (`events`); the harness asks the chart
 * which event types each state accepts (including `xstate.done.actor.*`, `xstate.error.actor.*` and
 * `xstate.after.*`) and builds the reachable state graph with those fixtures (`model-graph.ts`).
 * `model-paths.ts` picks the paths to walk from it, `model-coverage.ts` checks them against the
 * chart itself, and `model-run.ts` replays them on a real actor, where the model's `assert` checks
 * what each state must mean. `meaning` says the same in words, for testers reading the paths.
 */
import {
  fromPromise,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import type { StatePath } from 'xstate/graph';

export type Fixtures = Record<string, Array<EventObject & Record<string, unknown>>>;

export interface Model<M extends AnyStateMachine = AnyStateMachine> {
  /** Shown by `npm run paths`. */
  name: string;
  machine: M;
  input?: unknown;
  /**
   * Concrete events per event type. Types without an entry are tried as `{ type }`. A function
   * picks them per state (e.g. "type into the next blank field" instead of every field each time).
   */
  events?: Fixtures | ((snapshot: AnyMachineSnapshot) => Fixtures);
  /** Event types never to try (e.g. handled only at a higher level). */
  skip?: string[];
  /**
   * Identifies a model state for the graph. Defaults to the state value plus the whole context;
   * give one that ignores growing context (lists, counters) or the graph never ends.
   */
  serialize?: (snapshot: AnyMachineSnapshot) => string;
  /** Invoked promise actors (by `src` name) that `runPath` replaces with controllable fakes. */
  promiseActors?: string[];
  /** Other implementations to provide when running paths (callback actors, actions…). */
  provide?: Parameters<M['provide']>[0];
  /**
   * Checks what the reached state must mean; `fakes` records what the actors were asked and what
   * the machine emitted; `step` tells which event led here, from which snapshot, and what it emitted.
   */
  assert?: (snapshot: AnyMachineSnapshot, fakes: FakeActors, step: StepInfo) => void;
  /** Upper bound on explored states (guards against a forgotten `serialize`). */
  limit?: number;
  /**
   * What each state means, in a tester's words: what `assert` checks there. Keyed by the state's
   * path in the chart (`editing`, `profilePicture.choosing`); shown at every step of every path.
   */
  meaning?: Record<string, string>;
}

/** What one replayed step did, for the model's assertions. */
export interface StepInfo {
  /** The event of this step (the path's initial step has `xstate.init`). */
  event: EventObject & Record<string, unknown>;
  /** The actor's snapshot before this step; undefined for the initial step. */
  previous: AnyMachineSnapshot | undefined;
  /** Events the machine emitted (`emit` actions) during this step, oldest first. */
  emitted: Array<EventObject & Record<string, unknown>>;
}

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject> & { description: string };

/** How paths are picked from the model's graph; see `model-paths.ts`. */
export type PathStrategy = 'shortest' | 'simple';

/**
 * The event types the active states have transitions for. Not xstate's own list
 * (`__unsafe_getAllOwnEventDescriptors`, which the graph utilities use when given no events): it
 * leaves out a transition with neither target nor actions, which the chart still counts.
 */
function eventTypesOf(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  const types = new Set<string>();
  for (const node of nodes) for (const type of node.transitions.keys()) types.add(type);
  return [...types];
}

/**
 * The model's fixtures for the event types this state accepts, `{ type }` for a type without any.
 * The graph utilities do this lookup only when given no events at all; given a list, they try
 * every event of it in every state.
 */
function fixturesFor(model: Model, snapshot: AnyMachineSnapshot): EventObject[] {
  if (snapshot.status !== 'active') return [];
  const fixtures = typeof model.events === 'function' ? model.events(snapshot) : model.events;
  return eventTypesOf(snapshot)
    .filter((type) => !model.skip?.includes(type) && type !== '*')
    .flatMap((type) => fixtures?.[type] ?? [{ type }]);
}

function defaultSerialize(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({
    value: snapshot.value as unknown,
    context: snapshot.context as unknown,
    status: snapshot.status,
  });
}

/** A short, readable form of an event's payload value for path listings. */
function summariseValue(value: unknown, maxItems: number): string {
  const inner = (v: unknown) => summariseValue(v, maxItems);
  if (value instanceof Error) return `Error(${JSON.stringify(value.message)})`;
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    return `file(${value.type || 'no type'}, ${value.size} B)`;
  }
  if (value && typeof value === 'object' && 'userName' in value && '_id' in value) {
    const u = value as { userName: string; fullName?: string };
    return `user(@${u.userName}${u.fullName ? ` "${u.fullName}"` : ''})`;
  }
  if (Array.isArray(value)) {
    const shown = value.slice(0, maxItems).map(inner);
    if (value.length > maxItems) shown.push(`… ${value.length - maxItems} more`);
    return `[${shown.join(', ')}]`;
  }
  if (value && typeof value === 'object') {
    const parts = Object.entries(value).map(([k, v]) => `${k}: ${inner(v)}`);
    return `{ ${parts.join(', ')} }`;
  }
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/**
 * An event as one line. It also tells fixtures apart in the graph, so lists are shown whole
 * unless `maxItems` asks for a shorter reading (as the paths report does).
 */
export function describeEvent(event: EventObject, maxItems = Infinity): string {
  const summarise = (v: unknown) => summariseValue(v, maxItems);
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  // Settled actors read as what happened to the request, timers as the wait.
  if (type.startsWith('xstate.done.actor.')) {
    const output = rest.output === undefined ? '' : ` with ${summarise(rest.output)}`;
    return `${type.slice('xstate.done.actor.'.length)} succeeds${output}`;
  }
  if (type.startsWith('xstate.error.actor.')) {
    return `${type.slice('xstate.error.actor.'.length)} fails with ${summarise(rest.error)}`;
  }
  if (type.startsWith('xstate.after.')) {
    return `after ${type.slice('xstate.after.'.length).split('.')[0]!}`;
  }
  const parts = Object.entries(rest).map(([k, v]) => `${k}: ${summarise(v)}`);
  return parts.length ? `${type} { ${parts.join(', ')} }` : type;
}

export function describeState(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

/** What the model says the snapshot's active states mean, outermost first, as `state: meaning`. */
export function meaningsAt(model: Model, snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  return nodes
    .map((n) => n.path.join('.'))
    .filter((key) => key !== '' && model.meaning?.[key] !== undefined)
    .map((key) => `${key}: ${model.meaning![key]!}`);
}

/**
 * The options xstate's graph utilities take to explore this model. Not their `limit`: it counts
 * every edge followed, where the model's counts states (`model-graph.ts` applies it).
 */
export function traversal(model: Model) {
  const serializeEvent = (event: EventObject) => describeEvent(event);
  return {
    // Two fixtures that print alike are one edge. getAdjacencyMap would keep the second one's
    // edge but also explore the state the first one leads to: keep the first, and only it.
    events: (snapshot: AnyMachineSnapshot) => {
      const byName = new Map<string, EventObject>();
      for (const event of fixturesFor(model, snapshot)) {
        const name = serializeEvent(event);
        if (!byName.has(name)) byName.set(name, event);
      }
      return [...byName.values()];
    },
    serializeState: (snapshot: AnyMachineSnapshot) =>
      (model.serialize ?? defaultSerialize)(snapshot),
    // JSON would turn every Blob or Error payload into {} and merge distinct fixtures.
    serializeEvent,
    input: model.input,
  };
}

/** Controllable stand-ins for invoked promise actors. */
export class FakeActors {
  /** Every start of a fake actor, with its input, oldest first. */
  readonly calls: { src: string; input: unknown }[] = [];
  /** Every event the machine emitted so far (recorded by runPath), oldest first. */
  readonly emitted: Array<EventObject & Record<string, unknown>> = [];
  private pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();

  logicFor(src: string) {
    return fromPromise(({ input }: { input: unknown }) => {
      this.calls.push({ src, input });
      return new Promise((resolve, reject) => this.pending.set(src, { resolve, reject }));
    });
  }

  callsOf(src: string) {
    return this.calls.filter((c) => c.src === src);
  }

  lastInput(src: string): unknown {
    return this.callsOf(src).at(-1)?.input;
  }

  settle(src: string, outcome: { output: unknown } | { error: unknown }) {
    const p = this.pending.get(src);
    if (!p) throw new Error(`no running fake actor '${src}' to settle`);
    this.pending.delete(src);
    if ('output' in outcome) p.resolve(outcome.output);
    else p.reject(outcome.error);
  }
}
