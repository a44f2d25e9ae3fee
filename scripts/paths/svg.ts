/**
 * Draws a laid-out chart as an SVG string. Every state and transition carries its chart id
 * (`data-state`, `data-transition`) and a coverage class, which is all the page's script needs
 * to highlight a path; colours live in the page's stylesheet.
 */
import { edgeLines, stateDetails, type Layout } from './layout.js';
import type { MachineData } from './paths-data.js';

export const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const r = (n: number) => Math.round(n * 10) / 10;

export function chartSvg(data: MachineData, layout: Layout, uid: string): string {
  const states = new Map(data.states.map((s) => [s.id, s]));
  const transitions = new Map(data.transitions.map((t) => [t.id, t]));
  const parentType = (id: string) => states.get(states.get(id)?.parent ?? '')?.type;
  const out: string[] = [
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${r(layout.width)}" height="${r(layout.height)}" viewBox="0 0 ${r(layout.width)} ${r(layout.height)}" role="img" aria-label="statechart of ${escapeXml(data.name)}">`,
    `<defs><marker id="arrow-${uid}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>`,
  ];

  for (const node of layout.nodes) {
    if (node.kind === 'init') {
      out.push(
        `<circle class="init" cx="${r(node.x + 5)}" cy="${r(node.y + 5)}" r="5"><title>initial state of ${escapeXml(node.id)}</title></circle>`,
      );
      continue;
    }
    const s = states.get(node.id)!;
    const compound = data.states.some((c) => c.parent === s.id);
    const classes = [
      'state',
      compound ? 'compound' : 'atomic',
      s.type,
      parentType(s.id) === 'parallel' ? 'region' : '',
      s.hits.shortest > 0 ? 'covered' : 'missing',
    ].filter(Boolean);
    const tip = `${s.id}${s.meaning ? `\n${s.meaning}` : ''}`;
    out.push(
      `<g class="${classes.join(' ')}" data-state="${escapeXml(s.id)}"><title>${escapeXml(tip)}</title>`,
    );
    out.push(
      `<rect x="${r(node.x)}" y="${r(node.y)}" width="${r(node.width)}" height="${r(node.height)}" rx="8"/>`,
    );
    if (s.type === 'final') {
      out.push(
        `<rect class="inner" x="${r(node.x + 3)}" y="${r(node.y + 3)}" width="${r(node.width - 6)}" height="${r(node.height - 6)}" rx="6"/>`,
      );
    }
    const details = stateDetails(s);
    if (compound) {
      const title = [s.key, ...details].join(' · ');
      out.push(
        `<text class="name" x="${r(node.x + 12)}" y="${r(node.y + 20)}">${escapeXml(title)}</text>`,
      );
    } else {
      const cx = r(node.x + node.width / 2);
      out.push(
        `<text class="name" x="${cx}" y="${r(node.y + 20)}" text-anchor="middle">${escapeXml(s.key)}</text>`,
      );
      details.forEach((line, i) =>
        out.push(
          `<text class="detail" x="${cx}" y="${r(node.y + 35 + i * 14)}" text-anchor="middle">${escapeXml(line)}</text>`,
        ),
      );
    }
    out.push('</g>');
  }

  for (const edge of layout.edges) {
    if (edge.points.length === 0) continue;
    const d = edge.points.map((p, i) => `${i ? 'L' : 'M'}${r(p.x)},${r(p.y)}`).join(' ');
    if (edge.transition.startsWith('init:')) {
      out.push(`<path class="init-arrow" d="${d}" marker-end="url(#arrow-${uid})"/>`);
      continue;
    }
    const t = transitions.get(edge.transition)!;
    const cls = t.hits.shortest > 0 ? 'covered' : 'missing';
    const tip = `${t.source} → ${t.targets.join(', ') || '(stays)'}\n${edgeLines(t).join(' ')}${t.variants.length > 1 ? `\n${t.variants.length} payload variants grouped` : ''}`;
    out.push(
      `<g class="edge ${cls}" data-transition="${escapeXml(t.id)}"><title>${escapeXml(tip)}</title>`,
    );
    out.push(`<path d="${d}" marker-end="url(#arrow-${uid})"/>`);
    if (edge.label) {
      const { x, y, lines } = edge.label;
      const w = Math.max(...lines.map((l) => l.length)) * 6.3 + 8;
      out.push(
        `<rect class="label-bg" x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${lines.length * 13 + 2}" rx="3"/>`,
      );
      lines.forEach((line, i) =>
        out.push(
          `<text class="${i === 0 ? 'event' : 'guard'}" x="${r(x + 4)}" y="${r(y + 11 + i * 13)}">${escapeXml(line)}</text>`,
        ),
      );
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n');
}
