import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { imageUploadMachine, selectCanUpload } from '../../machines/image-upload.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { aPng, aUserUpdated } from './fixtures.js';
import { model } from './image-upload.model.js';

describeModel(model);

describe('image upload popup', () => {
  it('uploads as the kind it was created for and reports it', async () => {
    const inputs: unknown[] = [];
    const actor = createActor(
      imageUploadMachine.provide({
        actors: {
          uploadImage: fromPromise(async ({ input }) => {
            inputs.push(input);
            return aUserUpdated;
          }),
        },
      }),
      { input: { kind: 'avatar' } },
    ).start();
    const seen: unknown[] = [];
    actor.on('uploaded', (e) => seen.push(e));
    actor.send({ type: 'OPEN' });
    expect(selectCanUpload(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'FILE_CHOSEN', file: aPng });
    actor.send({ type: 'UPLOAD' });
    await new Promise((r) => setTimeout(r, 0));
    expect(inputs).toEqual([{ kind: 'avatar', file: aPng }]);
    expect(seen).toEqual([{ type: 'uploaded', kind: 'avatar', user: aUserUpdated }]);
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
