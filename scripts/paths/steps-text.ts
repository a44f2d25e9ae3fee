/**
 * `npm run paths -- --steps`: the paths as plain text, one numbered walk per path with what is
 * checked after each step, for a tester who wants them in a terminal or a ticket.
 */
import type { PathStrategy } from '../../tests/support/model.js';
import type { MachineData } from './paths-data.js';

export function stepsText(machines: MachineData[], strategy: PathStrategy): string {
  const lines: string[] = [];
  for (const m of machines) {
    const { title, paths } = m.strategies[strategy];
    lines.push('', `━━ ${m.name} (tests/machines/${m.file}): ${paths.length} ${title}`);
    paths.forEach((path, i) => {
      path.steps.forEach((step, k) => {
        const number = k === 0 ? `${String(i + 1).padStart(3)}. ` : '     ';
        const head = k === 0 ? `start in ${step.state}` : `· ${step.label} → ${step.state}`;
        // A step that stays in the same state is checked as the step before; once is enough here.
        const same = k > 0 && path.steps[k - 1]!.states.join() === step.states.join();
        const checks = step.asserts.map((a) => `${a.state}: ${a.meaning}`).join('; ');
        lines.push(`${number}${head}`);
        if (checks && !same) lines.push(`         checks ${checks}`);
      });
    });
  }
  return lines.join('\n');
}
