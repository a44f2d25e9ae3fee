/** The short text `npm run paths` prints: coverage and path counts per machine, then overall. */
import type { MachineData } from './paths-data.js';

const pct = (covered: number, total: number) =>
  total === 0 ? '100 %' : `${Math.floor((covered / total) * 100)} %`;

export function summary(machines: MachineData[]): string {
  const width = Math.max(20, ...machines.map((m) => m.name.length));
  const lines = [`${'machine'.padEnd(width)}  states   transitions  paths (shortest / simple)`];
  let states = 0;
  let statesTotal = 0;
  let transitions = 0;
  let transitionsTotal = 0;
  for (const m of machines) {
    const { coverage: c } = m.strategies.shortest;
    states += c.states.covered;
    statesTotal += c.states.total;
    transitions += c.transitions.covered;
    transitionsTotal += c.transitions.total;
    const s = `${c.states.covered}/${c.states.total}`.padStart(6);
    const t = `${c.transitions.covered}/${c.transitions.total}`.padStart(11);
    const counts = `${m.strategies.shortest.paths.length} / ${m.strategies.simple.paths.length}`;
    lines.push(`${m.name.padEnd(width)}  ${s}   ${t}  ${counts}`);
    for (const [strategy, { coverage }] of Object.entries(m.strategies)) {
      for (const id of coverage.states.missing)
        lines.push(`  ✗ ${strategy}: state never reached: ${id}`);
      for (const t of coverage.transitions.missing) {
        lines.push(`  ✗ ${strategy}: transition never taken: ${t}`);
      }
    }
    const unexplained = m.states.filter((st) => st.path !== '' && st.meaning === null);
    if (unexplained.length > 0) {
      lines.push(`  ! no meaning given for: ${unexplained.map((st) => st.path).join(', ')}`);
    }
    if (m.staleMeanings.length > 0) {
      lines.push(`  ! meaning given for states the chart lacks: ${m.staleMeanings.join(', ')}`);
    }
  }
  lines.push(
    `overall: states ${states}/${statesTotal} (${pct(states, statesTotal)}), transitions ${transitions}/${transitionsTotal} (${pct(transitions, transitionsTotal)}), ${machines.length} machines`,
  );
  return lines.join('\n');
}
