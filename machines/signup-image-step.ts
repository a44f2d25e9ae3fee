/** The two picture steps of the signup wizard (signup.machine.ts), made by one function. */
import { signup, imageFieldOf } from './signup.setup.js';
import type { ImageKind } from './signup.types.js';

/**
 * The profile-picture and cover steps are the same step for a different picture: pick a file
 * (checked, then decoded), or Continue / 'Use Default Image' to load the bundled default, then
 * `next`. `index` is the step's number, `earlier` the steps an address may go back to.
 */
export function imageStep(
  kind: ImageKind,
  { back, next, index, earlier }: { back: string; next: string; index: number; earlier: string[] },
) {
  const field = imageFieldOf(kind);
  return signup.createStateConfig({
    initial: 'choosing',
    entry: 'clearError',
    on: {
      BACK: back,
      URL_STEP: [
        ...earlier.map((target, step) => ({
          guard: { type: 'urlStepIs' as const, params: step },
          target,
        })),
        { guard: { type: 'urlStepIs', params: index + 1 }, actions: 'continueByAddress' },
      ],
      IMAGE_PICKED: [
        {
          guard: { type: 'imageRefused', params: field },
          target: '.choosing',
          actions: {
            type: 'refuseImage',
            params: ({ event }) => ({ field, file: event.file }),
          },
        },
        { target: '.checkingImage', reenter: true, actions: { type: 'holdImage', params: field } },
      ],
    },
    states: {
      choosing: {
        on: {
          // Continue without a picked image: the wizard uses the default, as the spec's
          // screen does ("defaulting to bundled images when none chosen").
          CONTINUE: [
            { guard: { type: 'hasPicked', params: kind }, target: next },
            { target: 'loadingDefault' },
          ],
          USE_DEFAULT: 'loadingDefault',
        },
      },
      checkingImage: {
        tags: 'checkingImage',
        invoke: {
          id: 'decodeImage',
          src: 'decodeImage',
          input: ({ context }) => context.pendingImage ?? new Blob(),
          onDone: { target: 'choosing', actions: { type: 'pickImage', params: kind } },
          onError: { target: 'choosing', actions: { type: 'refuseUnreadable', params: field } },
        },
      },
      loadingDefault: {
        tags: 'loadingDefault',
        invoke: {
          id: 'loadDefaultImage',
          src: 'loadDefaultImage',
          input: kind,
          onDone: {
            target: next,
            actions: {
              type: 'useDefaultImage',
              params: ({ event }) => ({ kind, image: event.output }),
            },
          },
          onError: {
            target: next,
            actions: { type: 'useDefaultImage', params: { kind, image: null } },
          },
        },
      },
    },
  });
}
