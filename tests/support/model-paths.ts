/**
 * Which paths the model-based tests walk, picked from the model's graph (`model-graph.ts`).
 *
 * The graph has one edge per fixture per model state, so a form with four fields has dozens of
 * edges that differ only in what was typed. Edges are grouped by the chart transitions they take
 * (their class); a path is wanted only while it covers a chart state or transition that no chosen
 * path covers yet. Two strategies:
 *
 * - `shortest`: for each chart transition (and state) the shortest way to it, then the fewest of
 *   those that still cover everything (greedy set cover, most new items first).
 * - `simple`: few long paths: repeatedly the simple path (no model state twice) that covers the
 *   most still-uncovered items, found by a bounded depth-first search.
 *
 * Both start from the full set of items the graph can reach and fall back to a shortest path for
 * anything left, so grouping can never drop a transition that the graph reaches. `edgePaths` is
 * the exhaustive set (one path per graph edge) that the grouping is checked against.
 *
 * xstate's graph utilities pick paths per model state (a shortest or every simple path to each
 * node); what a path covers here is chart states and transitions, so the picking is ours. The
 * graph and each node's shortest prefix are theirs (`model-graph.ts`).
 */
import { getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { activeStateIds, chartOf, transitionsTaken } from './chart.js';
import { modelGraph, type GraphEdge, type ModelGraph } from './model-graph.js';
import {
  describeEvent,
  describeState,
  traversal,
  type Model,
  type ModelPath,
  type PathStrategy,
} from './model.js';

type Route = GraphEdge[];

const itemsOfEdge = new WeakMap<GraphEdge, string[]>();

/**
 * Items are chart ids: `s:` + state id, `t:` + transition id. Remembered per edge: the search for
 * simple routes asks for them tens of thousands of times, and reading a snapshot's active states
 * is not free.
 */
function edgeItems(edge: GraphEdge): string[] {
  let items = itemsOfEdge.get(edge);
  if (!items) {
    items = [
      ...edge.transitions.map((t) => `t:${t}`),
      ...activeStateIds(edge.state).map((s) => `s:${s}`),
    ];
    itemsOfEdge.set(edge, items);
  }
  return items;
}

function routeItems(graph: ModelGraph, route: Route): Set<string> {
  const initial = activeStateIds(graph.snapshots.get(graph.initial)!).map((s) => `s:${s}`);
  return new Set([...initial, ...route.flatMap(edgeItems)]);
}

/**
 * The longest start of a route that a real actor follows as the graph predicts. A route stitched
 * from edges found at different snapshots of one model state can part from the graph where the
 * model's `serialize` lumps together snapshots that behave differently.
 */
function replayable(model: Model, graph: ModelGraph, route: Route): Route {
  const serialize = traversal(model).serializeState;
  let state = graph.snapshots.get(graph.initial)!;
  for (const [i, edge] of route.entries()) {
    const taken = transitionsTaken(model.machine, state, edge.event);
    const next = getNextSnapshot(model.machine, state, edge.event) as AnyMachineSnapshot;
    if (serialize(next) !== edge.to || taken.join() !== edge.transitions.join()) {
      return route.slice(0, i);
    }
    state = next;
  }
  return route;
}

type Step = { event: EventObject; state: AnyMachineSnapshot; text: string };

const edgeIds = new WeakMap<GraphEdge, number>();
let nextEdgeId = 0;
/** A number per edge, for keying routes by the edges they take. */
function edgeId(edge: GraphEdge): number {
  let id = edgeIds.get(edge);
  if (id === undefined) edgeIds.set(edge, (id = nextEdgeId++));
  return id;
}

/**
 * Each step of a route, remembered per graph under the route up to it: the exhaustive edge set
 * walks about 10 000 routes that share their prefixes, and computing every step of each again
 * (75 000 next snapshots for the captions model) took 20 s.
 */
const stepsOfGraph = new WeakMap<ModelGraph, Map<string, Step>>();

/**
 * A route as the path `runPath` walks. Not `getPathsFromEvents`: it explores the whole graph again
 * for every path, and its steps hold the snapshot first met under each node, where the actor will
 * hold the one this route leads to.
 */
function toPath(model: Model, graph: ModelGraph, route: Route): ModelPath {
  const initial = graph.snapshots.get(graph.initial)!;
  let memo = stepsOfGraph.get(graph);
  if (!memo) stepsOfGraph.set(graph, (memo = new Map<string, Step>()));
  const steps: Step[] = [{ event: { type: 'xstate.init' }, state: initial, text: '' }];
  // Real snapshots along the route, not the graph's: they are what the actor will hold.
  let key = '';
  for (const e of route) {
    key += `${edgeId(e)},`;
    let step = memo.get(key);
    if (!step) {
      const state = getNextSnapshot(model.machine, steps.at(-1)!.state, e.event);
      step = { event: e.event, state, text: `${describeEvent(e.event)} → ${describeState(state)}` };
      memo.set(key, step);
    }
    steps.push(step);
  }
  const description =
    route.length === 0
      ? `reaches ${describeState(initial)}`
      : steps
          .slice(1)
          .map((step) => step.text)
          .join('; ');
  return {
    state: steps.at(-1)!.state,
    steps: steps.map(({ event, state }) => ({ event, state })),
    weight: route.length,
    description,
  };
}

/**
 * The shortest route to each item the graph reaches, in chart order. A transition's route is its
 * source node's shortest prefix (`getShortestPaths`, in `model-graph.ts`) plus the edge: the
 * library's paths end at nodes, and one node has edges for many transitions.
 */
function shortestRoutes(graph: ModelGraph, model: Model): Map<string, Route> {
  const best = new Map<string, Route>();
  const offer = (item: string, route: Route) => {
    const known = best.get(item);
    if (!known || route.length < known.length) best.set(item, route);
  };
  for (const [key, route] of graph.prefix) {
    for (const id of activeStateIds(graph.snapshots.get(key)!)) offer(`s:${id}`, route);
  }
  for (const edge of graph.edges) {
    const prefix = graph.prefix.get(edge.from);
    if (prefix) for (const id of edge.transitions) offer(`t:${id}`, [...prefix, edge]);
  }
  const chart = chartOf(model.machine);
  const order = [
    ...chart.states.map((s) => `s:${s.id}`),
    ...chart.transitions.map((t) => `t:${t.id}`),
  ];
  return new Map(order.filter((i) => best.has(i)).map((i) => [i, best.get(i)!]));
}

/** Greedy set cover: the candidate adding the most uncovered items, shorter first on a tie. */
function cover(graph: ModelGraph, candidates: Route[], covered = new Set<string>()): Route[] {
  const pool = candidates.map((route) => ({ route, items: routeItems(graph, route) }));
  const chosen: Route[] = [];
  for (;;) {
    let pick: (typeof pool)[number] | undefined;
    let gain = 0;
    for (const c of pool) {
      const g = [...c.items].filter((i) => !covered.has(i)).length;
      if (g > gain || (g === gain && g > 0 && c.route.length < pick!.route.length)) {
        pick = c;
        gain = g;
      }
    }
    if (!pick) return chosen;
    chosen.push(pick.route);
    for (const i of pick.items) covered.add(i);
  }
}

/**
 * Depth-first over simple routes, at most `budget` edges tried; the best-scoring route. Not
 * `getSimplePaths`, which lists every simple path to every node: 609 643 for the live-connection
 * model (48 s on the 2-core machine) and more for the larger ones, where only a few that cover the
 * most are wanted.
 */
function bestSimpleRoute(graph: ModelGraph, uncovered: Set<string>, budget: number): Route {
  let best: Route = [];
  let bestScore = 0;
  let tried = 0;
  const counts = new Map<string, number>();
  const route: Route = [];
  const onRoute = new Set<string>([graph.initial]);
  let score = 0;
  const visit = (key: string) => {
    // Edges that cover something new first, so the budget goes where the gain is.
    const gain = (edge: GraphEdge) => edgeItems(edge).filter((i) => uncovered.has(i)).length;
    const edges = (graph.out.get(key) ?? [])
      .map((edge) => ({ edge, gain: gain(edge) }))
      .sort((a, b) => b.gain - a.gain)
      .map(({ edge }) => edge);
    for (const edge of edges) {
      if (onRoute.has(edge.to) || tried++ >= budget) continue;
      const items = edgeItems(edge);
      for (const i of items) {
        const n = counts.get(i) ?? 0;
        if (n === 0 && uncovered.has(i)) score++;
        counts.set(i, n + 1);
      }
      route.push(edge);
      onRoute.add(edge.to);
      if (score > bestScore || (score === bestScore && score > 0 && route.length < best.length)) {
        best = [...route];
        bestScore = score;
      }
      visit(edge.to);
      onRoute.delete(edge.to);
      route.pop();
      for (const i of items) {
        const n = counts.get(i)! - 1;
        counts.set(i, n);
        if (n === 0 && uncovered.has(i)) score--;
      }
    }
  };
  visit(graph.initial);
  return best;
}

function simpleRoutes(model: Model, graph: ModelGraph, reachable: Set<string>): Route[] {
  const uncovered = new Set(reachable);
  for (const i of routeItems(graph, [])) uncovered.delete(i);
  const routes: Route[] = [];
  while (uncovered.size > 0) {
    const route = replayable(model, graph, bestSimpleRoute(graph, uncovered, 20_000));
    if (![...routeItems(graph, route)].some((i) => uncovered.has(i))) break;
    routes.push(route);
    for (const i of routeItems(graph, route)) uncovered.delete(i);
  }
  return routes.length > 0 ? routes : [[]];
}

/**
 * Drops routes that are a prefix of another route (the longer one walks them too) and repeats of
 * an earlier route. xstate's `TestModel.getPaths` does this too but keeps it private, and sorts the
 * paths longest first, where the order here is the chart's (the greedy cover takes the first of
 * equal candidates). Routes are compared by key, not pairwise: the exhaustive edge set of a large
 * model has about 10 000 routes, and comparing each with each took 20 s.
 */
function withoutPrefixes(routes: Route[]): Route[] {
  const keyOf = (route: Route, length: number) => route.slice(0, length).map(edgeId).join(',');
  const strictPrefixes = new Set<string>();
  for (const r of routes) for (let k = 0; k < r.length; k++) strictPrefixes.add(keyOf(r, k));
  const kept = new Set<string>();
  return routes.filter((r) => {
    const key = keyOf(r, r.length);
    if (strictPrefixes.has(key) || kept.has(key)) return false;
    kept.add(key);
    return true;
  });
}

/** The paths the model-based tests walk and `npm run paths` lists. */
export function modelPaths(model: Model, strategy: PathStrategy = 'shortest'): ModelPath[] {
  const graph = modelGraph(model);
  const shortest = shortestRoutes(graph, model);
  const candidates = withoutPrefixes([...shortest.values()]);
  let routes: Route[];
  if (strategy === 'shortest') {
    routes = cover(graph, candidates);
  } else {
    const simple = simpleRoutes(model, graph, new Set(shortest.keys()));
    // Whatever the bounded search missed gets its shortest route; then drop what became redundant.
    const covered = new Set(simple.flatMap((r) => [...routeItems(graph, r)]));
    routes = cover(graph, [...simple, ...cover(graph, candidates, covered)]);
  }
  return (routes.length > 0 ? routes : [[]]).map((r) => toPath(model, graph, r));
}

/** Every edge of the model graph, each after the shortest way to its source (exhaustive). */
export function edgePaths(model: Model): ModelPath[] {
  const graph = modelGraph(model);
  const routes = graph.edges
    .filter((e) => graph.prefix.has(e.from))
    .map((e) => [...graph.prefix.get(e.from)!, e]);
  return withoutPrefixes(routes).map((r) => toPath(model, graph, r));
}
