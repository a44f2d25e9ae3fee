/** S3_* variables: local disk unless S3_BUCKET is set, and a clear error for each mistake. */
import { describe, expect, it } from 'vitest';
import { loadS3Config } from '../../server/config-s3.js';

describe('S3 configuration', () => {
  it('keeps media on the local disk when no S3_* variable is set', () => {
    // Other tools' S3_* variables are not ours to judge.
    expect(loadS3Config({ PORT: '3000', S3_CACHE_DIR: '/tmp/x' })).toBeUndefined();
  });

  it('reads every variable, with the region and URL lifetime defaults', () => {
    expect(
      loadS3Config({
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      }),
    ).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      signedUrlSeconds: 3600,
    });
    expect(
      loadS3Config({ S3_BUCKET: 'media', S3_REGION: 'eu-west-3', S3_URL_SECONDS: '600' }),
    ).toMatchObject({
      region: 'eu-west-3',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      signedUrlSeconds: 600,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://x' }, 'S3_ENDPOINT set without S3_BUCKET'],
    [{ S3_REGION: 'eu-west-3', S3_URL_SECONDS: '60' }, 'S3_REGION, S3_URL_SECONDS set without'],
    [{ S3_BUCKET: 'm', S3_ACCESS_KEY_ID: 'id' }, 'must be set together'],
    [{ S3_BUCKET: 'm', S3_ENDPOINT: 'localhost:9000' }, 'S3_ENDPOINT: got "localhost:9000"'],
    [{ S3_BUCKET: 'm', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT: got "not a url"'],
    [{ S3_BUCKET: 'm', S3_URL_SECONDS: '10' }, 'accepts a whole number from 60 to 604800'],
    [{ S3_BUCKET: 'm', S3_URL_SECONDS: '999999' }, 'S3_URL_SECONDS: got "999999"'],
  ])('refuses %o', (env, message) => {
    expect(() => loadS3Config(env)).toThrow(message);
  });
});
