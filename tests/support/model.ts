/**
 * Model-based testing for XState v5 machines, on xstate's graph utilities.
 *
 * A model names, per event type, the concrete events to try (`events`); the harness asks the chart
 * which event types each state accepts (including `xstate.done.actor.*`, `xstate.error.actor.*` and
 * `xstate.after.*`), builds the reachable state graph with those fixtures, and returns one path per
 * edge of that graph: the shortest way to the edge's source state, then the edge. Walking all of
 * them reaches every reachable state and takes every reachable transition; `coverage()` checks
 * that against the chart itself, so a transition no fixture can trigger shows up as missing.
 *
 * `runPath()` replays a path on a real actor (the machine with fake actors provided and a
 * SimulatedClock): done/error fixtures settle the fake promise of the invoked actor with that id,
 * `after` fixtures advance the clock, other events are sent. After each step the real actor must
 * be in the state the model predicted, and the model's `assert` checks what that state must mean.
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';

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

function eventTypesOf(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  const types = new Set<string>();
  for (const node of nodes) for (const type of node.transitions.keys()) types.add(type);
  return [...types];
}

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
function summarise(value: unknown): string {
  if (value instanceof Error) return `Error(${JSON.stringify(value.message)})`;
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    return `file(${value.type || 'no type'}, ${value.size} B)`;
  }
  if (value && typeof value === 'object' && 'userName' in value && '_id' in value) {
    const u = value as { userName: string; fullName?: string };
    return `user(@${u.userName}${u.fullName ? ` "${u.fullName}"` : ''})`;
  }
  if (Array.isArray(value)) return `[${value.map(summarise).join(', ')}]`;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value).map(([k, v]) => `${k}: ${summarise(v)}`);
    return `{ ${parts.join(', ')} }`;
  }
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

export function describeEvent(event: EventObject): string {
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

function describePath(path: StatePath<AnyMachineSnapshot, EventObject>): string {
  const steps = path.steps.map((s) => `${describeEvent(s.event)} → ${describeState(s.state)}`);
  return steps.length <= 1 ? `reaches ${describeState(path.state)}` : steps.slice(1).join('; ');
}

function traversal(model: Model) {
  return {
    events: (snapshot: AnyMachineSnapshot) => fixturesFor(model, snapshot),
    serializeState: (snapshot: AnyMachineSnapshot) =>
      (model.serialize ?? defaultSerialize)(snapshot),
    // JSON would turn every Blob or Error payload into {} and merge distinct fixtures.
    serializeEvent: (event: EventObject) => describeEvent(event),
    input: model.input,
    limit: model.limit ?? 5000,
  };
}

/** One path per edge of the reachable graph (shortest prefix + that edge). */
export function modelPaths(model: Model): ModelPath[] {
  const options = traversal(model);
  const shortest = getShortestPaths(model.machine, options);
  const toState = new Map(shortest.map((p) => [options.serializeState(p.state), p]));
  type Edge = { event: EventObject; state: AnyMachineSnapshot };
  const adjacency = getAdjacencyMap(model.machine, options) as unknown as Record<
    string,
    { transitions: Record<string, Edge> }
  >;
  const paths: ModelPath[] = [];
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    const prefix = toState.get(key);
    if (!prefix) continue;
    for (const { event, state } of Object.values(transitions)) {
      const path = { state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 };
      paths.push({ ...path, description: describePath(path) });
    }
  }
  // Drop paths that are a strict prefix of another path: the longer one walks them too.
  const sig = (p: ModelPath) =>
    p.steps.map((s) => `${describeEvent(s.event)}>${options.serializeState(s.state)}`);
  const signatures = paths.map(sig);
  return paths.filter(
    (_, i) =>
      !signatures.some(
        (other, j) =>
          j !== i &&
          other.length > signatures[i]!.length &&
          signatures[i]!.every((step, k) => other[k] === step),
      ),
  );
}

export interface Coverage {
  states: { total: number; covered: number; missing: string[] };
  transitions: { total: number; covered: number; missing: string[] };
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [
    node,
    ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes),
  ];
}

function transitionLabel(t: AnyTransitionDefinition): string {
  const targets = t.target?.map((n: AnyStateNode) => n.id).join(',') ?? '(stay)';
  const guard = t.guard
    ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  return `${t.source.id} --${t.eventType}${guard}--> ${targets}`;
}

/** Which of the chart's state nodes and transitions the paths reach and take. */
export function coverage(model: Model, paths: ModelPath[]): Coverage {
  const machine = model.machine;
  const nodes = allStateNodes(machine.root);
  const transitions = nodes.flatMap(
    (n) => [...n.transitions.values()].flat() as AnyTransitionDefinition[],
  );
  const seenNodes = new Set<string>();
  const taken = new Set<AnyTransitionDefinition>();
  for (const path of paths) {
    let previous: AnyMachineSnapshot | undefined;
    for (const step of path.steps) {
      for (const n of (step.state as unknown as { _nodes: AnyStateNode[] })._nodes)
        seenNodes.add(n.id);
      if (previous) {
        for (const t of machine.getTransitionData(previous as never, step.event)) {
          taken.add(t as AnyTransitionDefinition);
        }
      }
      previous = step.state;
    }
  }
  const missingStates = nodes.filter((n) => !seenNodes.has(n.id)).map((n) => n.id);
  const missingTransitions = transitions.filter((t) => !taken.has(t)).map(transitionLabel);
  return {
    states: {
      total: nodes.length,
      covered: nodes.length - missingStates.length,
      missing: missingStates,
    },
    transitions: {
      total: transitions.length,
      covered: transitions.length - missingTransitions.length,
      missing: missingTransitions,
    },
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

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function delayMs(
  machine: AnyStateMachine,
  delayName: string,
  snapshot: AnyMachineSnapshot,
): number {
  const numeric = Number(delayName);
  if (!Number.isNaN(numeric)) return numeric;
  const delays = (machine.implementations as { delays: Record<string, unknown> }).delays;
  const delay = delays[delayName];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') {
    return (delay as (a: { context: unknown }) => number)({ context: snapshot.context });
  }
  throw new Error(`unknown delay '${delayName}'`);
}

/** Invoked actor id → src name, for settling the right fake. Convention: invoke id === src. */
function srcOfChild(actor: AnyActorRef, id: string): string {
  const children = (actor.getSnapshot() as AnyMachineSnapshot).children as Record<
    string,
    AnyActorRef | undefined
  >;
  const child = children[id];
  return (child as unknown as { src?: string } | undefined)?.src ?? id;
}

/** Replays a model path on a real actor, checking state and meaning after every step. */
export async function runPath(model: Model, path: ModelPath): Promise<FakeActors> {
  const fakes = new FakeActors();
  const actors = Object.fromEntries(
    (model.promiseActors ?? []).map((src) => [src, fakes.logicFor(src)]),
  );
  const provided = (model.machine.provide as (i: unknown) => AnyStateMachine)({
    ...(model.provide as object | undefined),
    actors: { ...((model.provide as { actors?: object } | undefined)?.actors ?? {}), ...actors },
  });
  const clock = new SimulatedClock();
  const actor = createActor(provided, { input: model.input as never, clock });
  actor.on('*', (emitted: EventObject & Record<string, unknown>) => {
    fakes.emitted.push(emitted);
  });
  actor.start();
  await flush();
  for (const [index, step] of path.steps.entries()) {
    const event = step.event as EventObject & Record<string, unknown>;
    const previous = index > 0 ? (actor.getSnapshot() as AnyMachineSnapshot) : undefined;
    const emittedBefore = index > 0 ? fakes.emitted.length : 0;
    if (index > 0) {
      if (event.type.startsWith('xstate.done.actor.')) {
        fakes.settle(srcOfChild(actor, event.type.slice('xstate.done.actor.'.length)), {
          output: event.output,
        });
      } else if (event.type.startsWith('xstate.error.actor.')) {
        fakes.settle(srcOfChild(actor, event.type.slice('xstate.error.actor.'.length)), {
          error: event.error,
        });
      } else if (event.type.startsWith('xstate.after.')) {
        const name = event.type.slice('xstate.after.'.length).split('.')[0]!;
        clock.increment(delayMs(provided, name, actor.getSnapshot() as AnyMachineSnapshot));
      } else {
        actor.send(event);
      }
      await flush();
    }
    const real = actor.getSnapshot() as AnyMachineSnapshot;
    const expected = step.state;
    if (JSON.stringify(real.value) !== JSON.stringify(expected.value)) {
      throw new Error(
        `after ${describeEvent(event)} expected ${describeState(expected)} but the actor is in ${describeState(real)}`,
      );
    }
    model.assert?.(real, fakes, {
      event,
      previous,
      emitted: fakes.emitted.slice(emittedBefore),
    });
  }
  actor.stop();
  return fakes;
}
