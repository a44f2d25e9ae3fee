/**
 * The model's reachable state graph under its fixtures, explored breadth-first from the initial
 * snapshot, with each edge labelled by the chart transitions it takes. Path strategies pick paths
 * from it; the chart labels let them treat two fixtures that take the same transition alike.
 *
 * A node keeps the snapshot it was first reached with, along its shortest prefix, and its edges
 * are computed from that snapshot: so "prefix + edge" is always a route a real actor follows,
 * even where the model's `serialize` lumps together snapshots that differ in some detail.
 */
import {
  getInitialSnapshot,
  getNextSnapshot,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { transitionsTaken } from './chart.js';
import { traversal, type Model } from './model.js';

export interface GraphEdge {
  from: string;
  to: string;
  event: EventObject;
  state: AnyMachineSnapshot;
  /** Chart transition ids this edge takes. */
  transitions: string[];
}

export interface ModelGraph {
  initial: string;
  snapshots: Map<string, AnyMachineSnapshot>;
  /** Outgoing edges per node, in the order the fixtures list them. */
  out: Map<string, GraphEdge[]>;
  edges: GraphEdge[];
  /** Shortest edge sequence from the initial node to each node (breadth-first, so stable). */
  prefix: Map<string, GraphEdge[]>;
}

const graphs = new WeakMap<Model, ModelGraph>();

export function modelGraph(model: Model): ModelGraph {
  const cached = graphs.get(model);
  if (cached) return cached;
  const options = traversal(model);
  const first = getInitialSnapshot(model.machine, model.input as never) as AnyMachineSnapshot;
  const initial = options.serializeState(first);
  const snapshots = new Map<string, AnyMachineSnapshot>([[initial, first]]);
  const prefix = new Map<string, GraphEdge[]>([[initial, []]]);
  const out = new Map<string, GraphEdge[]>();
  const edges: GraphEdge[] = [];
  const queue = [initial];
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    const state = snapshots.get(from)!;
    const seen = new Set<string>();
    const list: GraphEdge[] = [];
    for (const event of options.events(state)) {
      // Two fixtures that print alike are one edge (as xstate's graph utilities treat them).
      const name = options.serializeEvent(event);
      if (seen.has(name)) continue;
      seen.add(name);
      const next = getNextSnapshot(model.machine, state, event) as AnyMachineSnapshot;
      const to = options.serializeState(next);
      const edge = {
        from,
        to,
        event,
        state: next,
        transitions: transitionsTaken(model.machine, state, event),
      };
      list.push(edge);
      if (!snapshots.has(to)) {
        if (snapshots.size >= options.limit)
          throw new Error(
            `${model.name}: more than ${options.limit} model states; give the model a serialize that ignores growing context`,
          );
        snapshots.set(to, next);
        prefix.set(to, [...prefix.get(from)!, edge]);
        queue.push(to);
      }
    }
    out.set(from, list);
    edges.push(...list);
  }
  const graph = { initial, snapshots, out, edges, prefix };
  graphs.set(model, graph);
  return graph;
}
