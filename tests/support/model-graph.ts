/**
 * The model's reachable state graph under its fixtures: xstate's `getAdjacencyMap` explores it
 * breadth-first from the initial snapshot and `getShortestPaths` gives the shortest way to each
 * node. Path strategies pick paths from it.
 *
 * What the library does not give, added here: each edge is labelled with the chart transitions
 * it takes (`getTransitionData`; the adjacency map has only the event and the next snapshot), so
 * that strategies can treat two fixtures that take the same transition alike; and the edge's
 * target node, which the adjacency map leaves to its reader.
 *
 * A node keeps the snapshot it was first reached with (the adjacency map's, along its shortest
 * prefix), and its edges are computed from that snapshot: so "prefix + edge" is always a route a
 * real actor follows, even where the model's `serialize` lumps together snapshots that differ in
 * some detail. Only the prefixes' events are taken from `getShortestPaths`: the snapshots in its
 * paths are the last ones it met under each node, not the first.
 */
import { getInitialSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  type AdjacencyValue,
  type StatePath,
  type TraversalOptions,
} from 'xstate/graph';
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

/**
 * The traversal options, with the model's bound on states. The library's own `limit` counts
 * edges followed; the events are asked for once per new node, so that is where states are counted.
 */
function boundedTraversal(
  model: Model,
  first: AnyMachineSnapshot,
): TraversalOptions<AnyMachineSnapshot, EventObject, unknown> {
  const options = traversal(model);
  const limit = model.limit ?? 5000;
  let explored = 0;
  return {
    ...options,
    fromState: first,
    events: (snapshot) => {
      if (++explored > limit) {
        throw new Error(
          `${model.name}: more than ${limit} model states; give the model a serialize that ignores growing context`,
        );
      }
      return options.events(snapshot);
    },
  };
}

export function modelGraph(model: Model): ModelGraph {
  const cached = graphs.get(model);
  if (cached) return cached;
  const { serializeState, serializeEvent } = traversal(model);
  const first = getInitialSnapshot(model.machine, model.input as never) as AnyMachineSnapshot;
  // Read as a plain record: the map's keys are branded strings, which Object.entries cannot see.
  const adjacency = getAdjacencyMap(model.machine, boundedTraversal(model, first)) as Record<
    string,
    AdjacencyValue<AnyMachineSnapshot, EventObject>
  >;
  const snapshots = new Map<string, AnyMachineSnapshot>();
  const out = new Map<string, GraphEdge[]>();
  for (const [from, { state, transitions }] of Object.entries(adjacency)) {
    snapshots.set(from, state);
    out.set(
      from,
      Object.values(transitions).map(({ event, state: next }) => ({
        from,
        to: serializeState(next),
        event,
        state: next,
        transitions: transitionsTaken(model.machine, state, event),
      })),
    );
  }
  const initial = serializeState(first);
  // The shortest ways, over the edges found above: the second walk asks the graph, not the model.
  const byName = new Map(
    [...out].map(([key, edges]) => [key, new Map(edges.map((e) => [serializeEvent(e.event), e]))]),
  );
  const shortest = getShortestPaths(model.machine, {
    ...traversal(model),
    fromState: first,
    events: (snapshot) => [...byName.get(serializeState(snapshot))!.values()].map((e) => e.event),
  }) as Array<StatePath<AnyMachineSnapshot, EventObject>>;
  const prefix = new Map<string, GraphEdge[]>();
  for (const path of shortest) {
    // steps[0] is the initial snapshot (`xstate.init`); each later step names the edge taken.
    let at = initial;
    const route = path.steps.slice(1).map(({ event }) => {
      const edge = byName.get(at)!.get(serializeEvent(event))!;
      at = edge.to;
      return edge;
    });
    prefix.set(at, route);
  }
  const graph = { initial, snapshots, out, edges: [...out.values()].flat(), prefix };
  graphs.set(model, graph);
  return graph;
}
