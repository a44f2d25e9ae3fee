/**
 * `npm run paths -- --json` for a small machine whose chart and paths are known by hand: a code
 * lock where typing only varies a payload, one guarded unlock needs one particular payload, and
 * an open lock (nested: idle ⇄ held) locks itself again after a named delay.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { assign, setup, type AnyMachineSnapshot } from 'xstate';
import { machineData, stateText, type MachineData } from '../../scripts/paths/paths-data.js';
import { writeOutputs } from '../../scripts/paths/write-outputs.js';
import { describeModel } from '../support/model-vitest.js';
import type { Model } from '../support/model.js';

const lockMachine = setup({
  types: {
    context: {} as { code: string },
    events: {} as { type: 'TYPE'; code: string } | { type: 'UNLOCK' | 'HOLD' | 'RELEASE' },
  },
  guards: { codeIsRight: ({ context }) => context.code === '42' },
  delays: { autoLock: 5000 },
}).createMachine({
  id: 'lock',
  context: { code: '' },
  initial: 'locked',
  states: {
    locked: {
      on: {
        TYPE: { actions: assign({ code: ({ event }) => event.code }) },
        UNLOCK: [{ guard: 'codeIsRight', target: 'open' }, { actions: assign({ code: '' }) }],
      },
    },
    open: {
      initial: 'idle',
      after: { autoLock: { target: 'locked', actions: assign({ code: '' }) } },
      states: { idle: { on: { HOLD: 'held' } }, held: { on: { RELEASE: 'idle' } } },
    },
  },
});

const model: Model<typeof lockMachine> = {
  name: 'code lock',
  machine: lockMachine,
  meaning: {
    locked: 'the door stays shut',
    open: 'the door can be pushed',
    'open.idle': 'nobody holds it',
    'open.held': 'someone holds it open',
  },
  events: {
    TYPE: [
      { type: 'TYPE', code: '7' },
      { type: 'TYPE', code: '42' },
      { type: 'TYPE', code: '13' },
    ],
  },
  serialize: (s: AnyMachineSnapshot) =>
    JSON.stringify([s.value, (s.context as { code: string }).code === '42']),
};

// The lock's paths are walked on a real actor like every machine's.
describeModel(model);

const stepsOf = (data: MachineData, strategy: 'shortest' | 'simple') =>
  data.strategies[strategy].paths.map((p) =>
    p.steps.map((s) => `${s.label} → ${s.state}`).join(' · '),
  );

it('lists the chart: nested states with meanings, transitions with guards and delays', () => {
  const data = machineData(model, 'lock.model.ts');
  expect(data.states.map((s) => [s.path, s.type, s.meaning])).toEqual([
    ['', 'compound', null],
    ['locked', 'atomic', 'the door stays shut'],
    ['open', 'compound', 'the door can be pushed'],
    ['open.idle', 'atomic', 'nobody holds it'],
    ['open.held', 'atomic', 'someone holds it open'],
  ]);
  expect(data.states.find((s) => s.id === 'lock.open')!.initial).toBe('lock.open.idle');
  expect(data.transitions.map((t) => [t.id, t.label, t.guard, t.delay, t.targets])).toEqual([
    ['lock.locked#0', 'TYPE', null, null, []],
    ['lock.locked#1', 'UNLOCK', 'codeIsRight', null, ['lock.open']],
    ['lock.locked#2', 'UNLOCK', null, null, []],
    ['lock.open#0', 'after autoLock (5000 ms)', null, 'autoLock', ['lock.locked']],
    ['lock.open.idle#0', 'HOLD', null, null, ['lock.open.held']],
    ['lock.open.held#0', 'RELEASE', null, null, ['lock.open.idle']],
  ]);
  // Three typed codes are one class: one transition, three payload variants.
  expect(data.transitions[0]!.variants).toEqual([
    'TYPE { code: "7" }',
    'TYPE { code: "42" }',
    'TYPE { code: "13" }',
  ]);
});

it('gives the shortest paths per transition, grouping payloads without losing the guarded unlock', () => {
  const data = machineData(model, 'lock.model.ts');
  // Most newly covered first: the longest walk, then what it leaves out.
  expect(stepsOf(data, 'shortest')).toEqual([
    'start → locked · TYPE { code: "42" } → locked · UNLOCK → open.idle · HOLD → open.held · RELEASE → open.idle',
    'start → locked · UNLOCK → locked',
    'start → locked · TYPE { code: "42" } → locked · UNLOCK → open.idle · after autoLock (5000 ms) → locked',
  ]);
  expect(stepsOf(data, 'simple')).toEqual([
    'start → locked · TYPE { code: "42" } → locked · UNLOCK → open.idle · HOLD → open.held · RELEASE → open.idle',
    'start → locked · UNLOCK → locked',
    'start → locked · TYPE { code: "42" } → locked · UNLOCK → open.idle · after autoLock (5000 ms) → locked',
  ]);
  for (const { coverage } of Object.values(data.strategies)) {
    expect(coverage.states).toEqual({ covered: 5, total: 5, missing: [] });
    expect(coverage.transitions).toEqual({ covered: 6, total: 6, missing: [] });
  }
});

it('names at each step the transitions taken and what is asserted there', () => {
  const [, , autoLock] = machineData(model, 'lock.model.ts').strategies.shortest.paths;
  expect(autoLock!.steps.map((s) => [s.event, s.transitions, s.asserts])).toEqual([
    ['xstate.init', [], [{ state: 'locked', meaning: 'the door stays shut' }]],
    ['TYPE', ['lock.locked#0'], [{ state: 'locked', meaning: 'the door stays shut' }]],
    [
      'UNLOCK',
      ['lock.locked#1'],
      [
        { state: 'open', meaning: 'the door can be pushed' },
        { state: 'open.idle', meaning: 'nobody holds it' },
      ],
    ],
    [
      'xstate.after.autoLock.lock.open',
      ['lock.open#0'],
      [{ state: 'locked', meaning: 'the door stays shut' }],
    ],
  ]);
});

it('writes the same data as JSON', async () => {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'paths-json-'));
  const data = machineData(model, 'lock.model.ts');
  const { json } = await writeOutputs([data], { json: true, outDir });
  const written = JSON.parse(await readFile(json!, 'utf8')) as { machines: MachineData[] };
  expect(written.machines).toEqual([JSON.parse(JSON.stringify(data))]);
  expect(Object.keys(written)).toEqual(['generated', 'strategies', 'machines']);
});

it('reads nested and parallel state values as dotted paths', () => {
  expect(stateText('locked')).toBe('locked');
  expect(stateText({ open: 'held' })).toBe('open.held');
  expect(stateText({ open: { file: 'empty', dropZone: 'idle' } })).toBe(
    'open.file.empty + open.dropZone.idle',
  );
});
