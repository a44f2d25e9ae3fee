/**
 * `runPath()` replays a model path on a real actor (the machine with fake actors provided and a
 * SimulatedClock): done/error fixtures settle the fake promise of the invoked actor with that id,
 * `after` fixtures advance the clock, other events are sent. After each step the real actor must
 * be in the state the model predicted, and the model's `assert` checks what that state must mean.
 *
 * Not xstate's `TestModel.testPath`: `createTestModel` refuses machines that invoke actors or use
 * `after` (35 of the 36 here), and what `testPath` leaves to its callbacks (settling fakes, moving
 * the clock, recording emitted events, comparing with the real actor) is all this file does; its
 * loop over the steps is the rest.
 */
import {
  createActor,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { describeEvent, describeState, FakeActors, type Model, type ModelPath } from './model.js';

/**
 * Lets promise callbacks (a settled fake, the actor's handling of it) run. setImmediate, not
 * setTimeout(0): it runs once the microtasks are drained, without the timer's 1 ms floor, which the
 * edge walks (thousands of steps) paid on every step.
 */
const flush = () => new Promise((resolve) => setImmediate(resolve));

function delayMs(
  machine: AnyStateMachine,
  delayName: string,
  snapshot: AnyMachineSnapshot,
): number {
  const numeric = Number(delayName);
  if (!Number.isNaN(numeric)) return numeric;
  const delays = (machine.implementations as { delays: Record<string, unknown> }).delays;
  const delay = delays[delayName];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') {
    return (delay as (a: { context: unknown }) => number)({ context: snapshot.context });
  }
  throw new Error(`unknown delay '${delayName}'`);
}

/** Invoked actor id → src name, for settling the right fake. Convention: invoke id === src. */
function srcOfChild(actor: AnyActorRef, id: string): string {
  const children = (actor.getSnapshot() as AnyMachineSnapshot).children as Record<
    string,
    AnyActorRef | undefined
  >;
  const child = children[id];
  return (child as unknown as { src?: string } | undefined)?.src ?? id;
}

/** Replays a model path on a real actor, checking state and meaning after every step. */
export async function runPath(model: Model, path: ModelPath): Promise<FakeActors> {
  const fakes = new FakeActors();
  const actors = Object.fromEntries(
    (model.promiseActors ?? []).map((src) => [src, fakes.logicFor(src)]),
  );
  const provided = (model.machine.provide as (i: unknown) => AnyStateMachine)({
    ...(model.provide as object | undefined),
    actors: { ...((model.provide as { actors?: object } | undefined)?.actors ?? {}), ...actors },
  });
  const clock = new SimulatedClock();
  const actor = createActor(provided, { input: model.input as never, clock });
  actor.on('*', (emitted: EventObject & Record<string, unknown>) => {
    fakes.emitted.push(emitted);
  });
  actor.start();
  await flush();
  for (const [index, step] of path.steps.entries()) {
    const event = step.event as EventObject & Record<string, unknown>;
    const previous = index > 0 ? (actor.getSnapshot() as AnyMachineSnapshot) : undefined;
    const emittedBefore = index > 0 ? fakes.emitted.length : 0;
    if (index > 0) {
      if (event.type.startsWith('xstate.done.actor.')) {
        fakes.settle(srcOfChild(actor, event.type.slice('xstate.done.actor.'.length)), {
          output: event.output,
        });
      } else if (event.type.startsWith('xstate.error.actor.')) {
        fakes.settle(srcOfChild(actor, event.type.slice('xstate.error.actor.'.length)), {
          error: event.error,
        });
      } else if (event.type.startsWith('xstate.after.')) {
        const name = event.type.slice('xstate.after.'.length).split('.')[0]!;
        clock.increment(delayMs(provided, name, actor.getSnapshot() as AnyMachineSnapshot));
      } else {
        actor.send(event);
      }
      await flush();
    }
    const real = actor.getSnapshot() as AnyMachineSnapshot;
    const expected = step.state;
    if (JSON.stringify(real.value) !== JSON.stringify(expected.value)) {
      throw new Error(
        `after ${describeEvent(event)} expected ${describeState(expected)} but the actor is in ${describeState(real)}`,
      );
    }
    model.assert?.(real, fakes, {
      event,
      previous,
      emitted: fakes.emitted.slice(emittedBefore),
    });
  }
  actor.stop();
  return fakes;
}
