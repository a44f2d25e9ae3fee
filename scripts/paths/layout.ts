/**
 * Lays a chart out with ELK (elkjs, layered algorithm) in Node, at report time, so the page
 * itself needs no layout code: states nested as in the chart, one edge per transition target
 * (a transition that stays loops on its source), a dot with an arrow into each initial state.
 * Sizes come from estimated text widths; the result is in absolute page coordinates.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api.js';
import type { MachineData } from './paths-data.js';

export interface LaidNode {
  id: string;
  /** `init` is the dot that marks a compound state's initial child. */
  kind: 'state' | 'init';
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidEdge {
  /** The chart transition, or `init:<parent>` for an initial arrow. */
  transition: string;
  points: ElkPoint[];
  label: { x: number; y: number; lines: string[] } | null;
}

export interface Layout {
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
}

/**
 * In hierarchical mode ELK reads most options per compound node, so every level gets them.
 * (The model-order options crash elkjs 0.12 on nested graphs, so the layering is ELK's own.)
 */
const LEVEL_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'POLYLINE',
  'elk.layered.spacing.nodeNodeBetweenLayers': '40',
  'elk.spacing.nodeNode': '30',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeNode': '16',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  // Depth-first from the initial dot: the initial state sits at the top and the flow runs down.
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.edgeLabels.sideSelection': 'SMART_DOWN',
  // Loops (events handled without leaving the state) spread round the node instead of piling up.
  'elk.layered.edgeRouting.selfLoopDistribution': 'EQUALLY',
  'elk.layered.edgeRouting.selfLoopOrdering': 'SEQUENCED',
};

const CHAR = 7; // px per character of 12 px sans-serif, a safe overestimate
const LABEL_CHAR = 6.3; // 11 px labels
const LINE = 14;

/** The lines an atomic state shows under its name. */
export function stateDetails(state: MachineData['states'][number]): string[] {
  return [...state.invokes.map((src) => `invoke ${src}`), ...state.tags.map((t) => `tag ${t}`)];
}

export function edgeLines(t: MachineData['transitions'][number]): string[] {
  return t.guard ? [t.label, `[${t.guard}]`] : [t.label];
}

export async function layoutChart(data: MachineData): Promise<Layout> {
  const children = new Map<string | null, MachineData['states']>();
  for (const s of data.states) children.set(s.parent, [...(children.get(s.parent) ?? []), s]);

  const toElk = (state: MachineData['states'][number]): ElkNode => {
    const kids = children.get(state.id) ?? [];
    const lines = [state.key, ...stateDetails(state)];
    const width = Math.max(80, ...lines.map((l) => l.length * CHAR + 24));
    if (kids.length === 0) return { id: state.id, width, height: 22 + lines.length * LINE };
    const inner: ElkNode[] = kids.map(toElk);
    if (state.initial) inner.unshift({ id: `init:${state.id}`, width: 10, height: 10 });
    return {
      id: state.id,
      labels: [{ text: lines.join(' · '), width: lines.join(' · ').length * CHAR, height: 16 }],
      layoutOptions: {
        ...LEVEL_OPTIONS,
        'elk.padding': '[top=34,left=14,bottom=14,right=14]',
        'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
        'elk.nodeSize.constraints': 'MINIMUM_SIZE NODE_LABELS',
        'elk.nodeSize.minimum': `(${width}, 60)`,
      },
      children: inner,
    };
  };

  const edges: ElkExtendedEdge[] = [];
  for (const s of data.states) {
    if (s.initial)
      edges.push({ id: `init:${s.id}`, sources: [`init:${s.id}`], targets: [s.initial] });
  }
  for (const t of data.transitions) {
    const lines = edgeLines(t);
    const targets = t.targets.length > 0 ? t.targets : [t.source];
    targets.forEach((target, k) =>
      edges.push({
        id: `${t.id}>${k}`,
        sources: [t.source],
        targets: [target],
        labels:
          k === 0
            ? [
                {
                  text: lines.join('\n'),
                  width: Math.max(...lines.map((l) => l.length)) * LABEL_CHAR + 8,
                  height: lines.length * 13 + 2,
                },
              ]
            : [],
      }),
    );
  }

  const root = data.states.find((s) => s.parent === null)!;
  const graph: ElkNode = {
    id: '__graph',
    layoutOptions: {
      ...LEVEL_OPTIONS,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [toElk(root)],
    edges,
  };
  const laid = await new ELK().layout(graph);

  // ELK places children relative to their parent and edges relative to their container.
  const origin = new Map<string, { x: number; y: number }>([['__graph', { x: 0, y: 0 }]]);
  const nodes: LaidNode[] = [];
  const walk = (node: ElkNode, parent: { x: number; y: number }) => {
    const at = { x: parent.x + (node.x ?? 0), y: parent.y + (node.y ?? 0) };
    origin.set(node.id, at);
    nodes.push({
      id: node.id.replace(/^init:/, ''),
      kind: node.id.startsWith('init:') ? 'init' : 'state',
      ...at,
      width: node.width ?? 0,
      height: node.height ?? 0,
    });
    for (const child of node.children ?? []) walk(child, at);
  };
  for (const child of laid.children ?? []) walk(child, { x: 0, y: 0 });

  const laidEdges: LaidEdge[] = (laid.edges as ElkExtendedEdge[]).map((e) => {
    const o = origin.get(e.container ?? '__graph') ?? { x: 0, y: 0 };
    const shift = (p: ElkPoint) => ({ x: p.x + o.x, y: p.y + o.y });
    const section = e.sections?.[0];
    const points = section
      ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift)
      : [];
    const label = e.labels?.[0];
    return {
      transition: e.id.startsWith('init:') ? e.id : e.id.split('>')[0]!,
      points,
      label:
        label && label.text
          ? { ...shift({ x: label.x ?? 0, y: label.y ?? 0 }), lines: label.text.split('\n') }
          : null,
    };
  });
  return { width: laid.width ?? 0, height: laid.height ?? 0, nodes, edges: laidEdges };
}
