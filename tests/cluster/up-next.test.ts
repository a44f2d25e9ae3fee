/**
 * Up next (issue 31) across replicas: videos uploaded on 1 are recommended by 2, and a video the
 * viewer finished on 1 (its position saved there) is left out of the list 2 answers them.
 */
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { withCluster, signUp, uploadVideo, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

it('2 recommends what 1 uploaded, without what the viewer finished on 1', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const clip = await fixture('plain.mp4');
  const first = await uploadVideo(owner.session, api1, 'Up next, first', clip);
  const second = await uploadVideo(owner.session, api1, 'Up next, second', clip);
  const viewer = await signUp(api1);
  const upNext = async () => {
    const answer = await viewer.session.request(api2, 'GET', `/api/v1/videos/${first}/up-next`);
    expect(answer.status).toBe(200);
    return (answer.json.data.videos as { _id: string }[]).map((v) => v._id);
  };
  expect(await upNext()).toContain(second);
  const watched = await viewer.session.request(api1, 'GET', `/api/v1/videos/${second}`);
  const duration = Number(watched.json.data.duration);
  const saved = await viewer.session.request(api1, 'PUT', `/api/v1/videos/${second}/progress`, {
    seconds: duration,
  });
  expect(saved.status).toBe(200);
  expect(await upNext()).not.toContain(second);
});
