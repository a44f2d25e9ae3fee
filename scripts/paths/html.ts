/**
 * Assembles the one-file HTML report: a section per machine with its diagram, its paths (both
 * strategies; a radio picks which shows) as steps that say what is checked, and its states and
 * transitions as tables. Everything is inline, so the file can be mailed or archived as is.
 */
import { layoutChart } from './layout.js';
import type { MachineData, PathData, StepData } from './paths-data.js';
import { STRATEGIES } from './paths-data.js';
import { reportClient } from './report-client.js';
import { reportStyle } from './report-style.js';
import { chartSvg, escapeXml as esc } from './svg.js';

const anchor = (m: MachineData) => `m-${m.file.replace(/\.model\.ts$/, '')}`;

function stepHtml(step: StepData, previous: StepData | undefined): string {
  const asserts = step.asserts.map((a) => `${a.state}: ${a.meaning}`).join(' · ');
  // The same state again is checked the same way; saying so keeps long field-typing runs short.
  const same = previous !== undefined && previous.states.join() === step.states.join();
  const checks = !asserts
    ? ''
    : `<span class="asserts">${same ? 'checks the same again' : `checks ${esc(asserts)}`}</span>`;
  const head = !previous
    ? `start in <span class="st">${esc(step.state)}</span>`
    : `<span class="ev">${esc(step.label)}</span> → <span class="st">${esc(step.state)}</span>`;
  return `<li>${head}${checks}</li>`;
}

function pathHtml(path: PathData, index: number): string {
  const states = new Set(path.steps.flatMap((s) => s.states));
  const transitions = new Set(path.steps.flatMap((s) => s.transitions));
  const steps = path.steps.length - 1;
  return `<li class="path" data-path="${esc(path.id)}" data-states="${esc([...states].join(' '))}" data-transitions="${esc([...transitions].join(' '))}">
<span class="title">Path ${index + 1}</span> · ${steps} step${steps === 1 ? '' : 's'}
<ol>${path.steps.map((s, i) => stepHtml(s, path.steps[i - 1])).join('')}</ol></li>`;
}

function coverageText(m: MachineData): string {
  return Object.entries(m.strategies)
    .map(([key, { coverage: c, paths }]) => {
      const bad = c.states.missing.length + c.transitions.missing.length > 0;
      const text = `${key}: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}, ${paths.length} paths`;
      return bad ? `<span class="bad">${esc(text)}</span>` : esc(text);
    })
    .join(' · ');
}

function tables(m: MachineData): string {
  const stateRows = m.states
    .filter((s) => s.parent !== null)
    .map(
      (s) =>
        `<tr><td>${esc(s.path)}</td><td>${esc(s.meaning ?? '—')}</td><td>${s.hits.shortest}</td><td>${s.hits.simple}</td></tr>`,
    )
    .join('');
  const transitionRows = m.transitions
    .map(
      (t) =>
        `<tr><td>${esc(t.source.split('.').slice(1).join('.') || t.source)}</td><td class="ev">${esc(t.label)}</td><td>${esc(t.guard ?? '')}</td><td>${esc(t.targets.map((x) => x.split('.').slice(1).join('.')).join(', ') || '(stays)')}</td><td title="${esc(t.variants.join('\n'))}">${t.variants.length}</td><td>${t.hits.shortest}</td><td>${t.hits.simple}</td></tr>`,
    )
    .join('');
  return `<details><summary>States (${m.states.length - 1}) and transitions (${m.transitions.length}): meanings, payload variants grouped, paths through each</summary>
<table><tr><th>state</th><th>what the test checks there</th><th>shortest</th><th>simple</th></tr>${stateRows}</table>
<table><tr><th>from</th><th>event</th><th>guard</th><th>to</th><th>variants</th><th>shortest</th><th>simple</th></tr>${transitionRows}</table></details>`;
}

async function machineHtml(m: MachineData, uid: string): Promise<string> {
  const svg = chartSvg(m, await layoutChart(m), uid);
  const lists = Object.entries(m.strategies)
    .map(
      ([key, s]) =>
        `<div data-strategy="${key}"><h3>${esc(s.title)}: ${s.paths.length} paths</h3><ol class="path-list">${s.paths.map(pathHtml).join('')}</ol></div>`,
    )
    .join('');
  return `<section class="machine" id="${anchor(m)}" data-name="${esc(m.name)}">
<h2>${esc(m.name)}</h2>
<div class="meta">machine <code>${esc(m.machine)}</code> · model <code>tests/machines/${esc(m.file)}</code> · ${coverageText(m)}</div>
<div class="columns"><div class="diagram">${svg}</div><div class="paths">${lists}</div></div>
${tables(m)}</section>`;
}

export async function reportHtml(machines: MachineData[], generated: Date): Promise<string> {
  const sections: string[] = [];
  // One at a time: ELK is synchronous work under a promise, and order keeps ids stable.
  for (const [i, m] of machines.entries()) sections.push(await machineHtml(m, String(i)));
  const sum = (pick: (m: MachineData) => number) => machines.reduce((n, m) => n + pick(m), 0);
  const cov = (m: MachineData) => m.strategies.shortest.coverage;
  const overall = `${machines.length} machines · states ${sum((m) => cov(m).states.covered)}/${sum((m) => cov(m).states.total)} · transitions ${sum((m) => cov(m).transitions.covered)}/${sum((m) => cov(m).transitions.total)} · generated ${generated.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const nav = machines
    .map((m) => {
      const c = cov(m);
      const done = c.states.missing.length + c.transitions.missing.length === 0;
      return `<a href="#${anchor(m)}" class="${done ? '' : 'incomplete'}">${esc(m.name)}</a>`;
    })
    .join('');
  const radios = Object.entries(STRATEGIES)
    .map(
      ([key, title], i) =>
        `<label><input type="radio" name="strategy" value="${key}"${i === 0 ? ' checked' : ''}> ${esc(title)}</label>`,
    )
    .join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>VidTube · path coverage</title><style>${reportStyle}</style></head>
<body data-strategy="shortest">
<header><h1>Path coverage</h1><span class="overall">${esc(overall)}</span>
<input id="filter" type="search" placeholder="Filter paths: event, state, machine…">
<span>${radios}</span>
<span class="legend"><span><i class="ok"></i>covered</span><span><i class="miss"></i>never reached</span><span><i class="on"></i>selected path</span></span></header>
<nav>${nav}</nav>
${sections.join('\n')}
<script>${reportClient}</script>
</body></html>
`;
}
