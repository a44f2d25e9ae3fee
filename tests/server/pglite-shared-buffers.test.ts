/**
 * PGLITE_SHARED_BUFFERS_MB: operators of a large embedded catalogue may trade resident memory for
 * fewer page reads. The value reaches the database, and a bad one stops the start with its name.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';

const configWith = (value?: string) =>
  loadConfig({ ACCESS_TOKEN_SECRET: 'test-secret', PGLITE_SHARED_BUFFERS_MB: value });

async function sharedBuffersOf(mb?: number): Promise<string> {
  const database = await openDatabase({ pgliteDir: 'memory://', pgliteSharedBuffersMb: mb });
  try {
    const { rows } = (await database.db.execute(sql`show shared_buffers`)) as {
      rows: { shared_buffers: string }[];
    };
    return rows[0]!.shared_buffers;
  } finally {
    await database.close();
  }
}

describe('the embedded database shared buffers', () => {
  it('are 8 MB unless PGLITE_SHARED_BUFFERS_MB says otherwise', async () => {
    expect(configWith().pgliteSharedBuffersMb).toBe(8);
    expect(configWith('').pgliteSharedBuffersMb).toBe(8);
    expect(configWith('32').pgliteSharedBuffersMb).toBe(32);
    expect(await sharedBuffersOf()).toBe('8MB');
    expect(await sharedBuffersOf(32)).toBe('32MB');
  });

  it('refuses a value that is not a whole number of MB from 1 to 1024', () => {
    for (const bad of ['0', '-8', '12.5', 'lots', '32MB']) {
      expect(() => configWith(bad)).toThrow('accepts a whole number from 1 to 1024');
    }
    expect(() => configWith('1025')).toThrow(
      'PGLITE_SHARED_BUFFERS_MB: got "1025", accepts a whole number from 1 to 1024',
    );
    expect(configWith('1024').pgliteSharedBuffersMb).toBe(1024);
  });
});
