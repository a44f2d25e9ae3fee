/**
 * The chart as data: every state node and every transition of a machine, with stable ids, so that
 * path generation, coverage and the testers' report all count the same things.
 *
 * A transition's id is its source state's id plus its position among that state's transitions
 * (`changePassword.editing#2`): guarded alternatives of one event are separate transitions, since
 * each needs its own path to be covered.
 *
 * The state nodes come from xstate's `getStateNodes`. The transitions are read from each node, not
 * from `toDirectedGraph`: that one makes an edge per target (and a targetless transition an edge
 * back to its node), knows no guard or delay, and coverage counts transition definitions.
 */
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
} from 'xstate';
import { getStateNodes } from 'xstate/graph';

export interface ChartState {
  id: string;
  /** The name in its parent (`editing`); the root has the machine id. */
  key: string;
  /** Keys from the root (`profilePicture.choosing`); empty for the root. The model's `meaning` key. */
  path: string;
  parent: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Id of the initial child of a compound state. */
  initial: string | null;
  tags: string[];
  /** `src` names of the actors this state invokes. */
  invokes: string[];
}

export interface ChartTransition {
  id: string;
  source: string;
  /** Target state ids; empty for a transition that stays (actions only). */
  targets: string[];
  /** The raw event type (`xstate.done.actor.save`, `xstate.after.retryDelay.pager.failed`). */
  event: string;
  /** What a reader calls the event: `SUBMIT`, `save succeeds`, `after retryDelay (3000 ms)`. */
  label: string;
  guard: string | null;
  /** Named delay of an `after` transition. */
  delay: string | null;
}

export interface Chart {
  id: string;
  states: ChartState[];
  transitions: ChartTransition[];
  /** Transition definition → id, to name what `getTransitionData` returns. */
  idOf: Map<AnyTransitionDefinition, string>;
}

type GuardLike = string | { type?: string } | { guards?: unknown[]; check?: { name?: string } };

/** `and`/`or`/`not` guards are functions carrying their parts; name them as a reader would. */
export function guardText(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  const g = guard as GuardLike & { guards?: unknown[]; check?: { name?: string } };
  if (typeof g === 'function' || (g && Array.isArray(g.guards))) {
    const parts = (g.guards ?? []).map(guardText);
    const kind = g.check?.name ?? '';
    if (kind === 'checkNot') return `not ${parts.join(', ')}`;
    return parts.join(kind === 'checkOr' ? ' || ' : ' && ') || 'guard';
  }
  return (g as { type?: string }).type ?? 'guard';
}

function delayLabel(machine: AnyStateMachine, name: string): string {
  const delays = (machine.implementations as { delays?: Record<string, unknown> }).delays ?? {};
  const value = Number.isNaN(Number(name)) ? delays[name] : Number(name);
  return typeof value === 'number' && String(value) !== name ? `${name} (${value} ms)` : name;
}

/** How an event type reads in charts and paths. */
export function eventLabel(machine: AnyStateMachine, type: string): string {
  if (type.startsWith('xstate.done.actor.')) {
    return `${type.slice('xstate.done.actor.'.length)} succeeds`;
  }
  if (type.startsWith('xstate.error.actor.')) {
    return `${type.slice('xstate.error.actor.'.length)} fails`;
  }
  if (type.startsWith('xstate.after.')) {
    return `after ${delayLabel(machine, type.slice('xstate.after.'.length).split('.')[0]!)}`;
  }
  return type;
}

const charts = new WeakMap<AnyStateMachine, Chart>();

export function chartOf(machine: AnyStateMachine): Chart {
  const cached = charts.get(machine);
  if (cached) return cached;
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const idOf = new Map<AnyTransitionDefinition, string>();
  const transitions: ChartTransition[] = [];
  for (const node of nodes) {
    const defs = [...node.transitions.values()].flat() as AnyTransitionDefinition[];
    defs.forEach((t, i) => {
      const id = `${node.id}#${i}`;
      // AnyTransitionDefinition types eventType loosely; it is always the event's type string.
      const event = String(t.eventType);
      idOf.set(t, id);
      transitions.push({
        id,
        source: node.id,
        targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
        event,
        label: eventLabel(machine, event),
        guard: t.guard ? guardText(t.guard) : null,
        delay: event.startsWith('xstate.after.')
          ? event.slice('xstate.after.'.length).split('.')[0]!
          : null,
      });
    });
  }
  const states: ChartState[] = nodes.map((n) => ({
    id: n.id,
    key: n.parent ? n.key : n.id,
    path: n.path.join('.'),
    parent: n.parent?.id ?? null,
    type: n.type,
    initial: n.type === 'compound' && n.initial?.target[0] ? n.initial.target[0].id : null,
    tags: [...n.tags],
    invokes: n.invoke.map((i: { src: unknown; id: string }) =>
      typeof i.src === 'string' ? i.src : i.id,
    ),
  }));
  const chart = { id: machine.id, states, transitions, idOf };
  charts.set(machine, chart);
  return chart;
}

/** The chart's state ids active in a snapshot (parents included). */
export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.map((n) => n.id);
}

/** Ids of the chart transitions an event takes from a snapshot. */
export function transitionsTaken(
  machine: AnyStateMachine,
  from: AnyMachineSnapshot,
  event: EventObject,
): string[] {
  const { idOf } = chartOf(machine);
  return machine
    .getTransitionData(from as never, event)
    .map((t) => idOf.get(t as AnyTransitionDefinition))
    .filter((id): id is string => id !== undefined);
}

/** A transition as one line, for "never taken" messages. */
export function transitionText(t: ChartTransition): string {
  const guard = t.guard ? ` [${t.guard}]` : '';
  return `${t.source} --${t.event}${guard}--> ${t.targets.join(',') || '(stay)'}`;
}
