/**
 * The form dialogs' machines (machines/form-dialog.ts) hold their values untyped and know nothing
 * of the id of what they edit. `formSave(updatePlaylist, { playlistId })` turns the app's typed
 * actor (real, or a test's fake) into the core's `save`: it runs that actor as a one-off child
 * with the prepared values and the id as its input.
 */
import { createActor, fromPromise, toPromise, type PromiseActorLogic } from 'xstate';
import type { FormValues } from '../../../machines/form-dialog';

export function formSave<O, I extends object>(
  logic: PromiseActorLogic<O, I>,
  extra: Partial<I> = {},
): PromiseActorLogic<unknown, FormValues> {
  return fromPromise<unknown, FormValues>(({ input, signal }) => {
    // The core hands over what the dialog's `prepare` returned; with `extra` that is logic's input.
    const child = createActor(logic, { input: { ...input, ...extra } as I });
    signal.addEventListener('abort', () => child.stop());
    return toPromise(child.start());
  });
}
