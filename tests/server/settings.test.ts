/**
 * Settings from one schema (issue 30): every variable declared once in server/settings.ts, a bad
 * value stops the start with the variable, what it got and what it accepts, and
 * docs/operations.md's table says what the schema says.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROOT } from '../../server/app-root.js';
import { loadConfig } from '../../server/config.js';
import { readSettings, settingsTable, SETTING_DEFAULTS } from '../../server/settings.js';

/** The rows of docs/operations.md's configuration table, as cells without their padding. */
function documentedRows() {
  const text = readFileSync(path.join(APP_ROOT, 'docs/operations.md'), 'utf8');
  const lines = text.split('\n');
  const header = lines.findIndex((line) => line.startsWith('| variable'));
  const end = lines.findIndex((line, i) => i > header && !line.startsWith('|'));
  return lines.slice(header + 2, end).map((line) => {
    const [variable, shownDefault, meaning] = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
    return { variable, shownDefault, meaning };
  });
}

describe('settings', () => {
  it('are documented in docs/operations.md exactly as the schema declares them', () => {
    expect(documentedRows()).toEqual(settingsTable());
  });

  it('read defaults from an empty environment and text as typed values', () => {
    expect(SETTING_DEFAULTS).toMatchObject({ PORT: 3000, COOKIE_SECURE: false, LOG_LEVEL: 'info' });
    expect(readSettings({ PORT: '8080', COOKIE_SECURE: 'yes', FEED_CACHE_MS: '0' })).toMatchObject({
      PORT: 8080,
      COOKIE_SECURE: true,
      FEED_CACHE_MS: 0,
    });
    // Empty is unset: the default.
    expect(readSettings({ PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', 'PORT: got "abc", accepts a whole number from 1 to 65535'],
    ['PORT', '70000', 'PORT: got "70000", accepts a whole number from 1 to 65535'],
    ['PORT', '3000.5', 'PORT: got "3000.5"'],
    ['COOKIE_SECURE', 'maybe', 'COOKIE_SECURE: got "maybe", accepts one of 1, true, yes, on, 0'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: got "loud", accepts one of fatal, error, warn, info'],
    ['DATABASE_URL', 'mysql://db', 'DATABASE_URL: got "mysql://db", accepts text matching'],
    ['PGLITE_SHARED_BUFFERS_MB', '4096', 'accepts a whole number from 1 to 1024'],
    [
      'DATABASE_POOL_SIZE',
      '1',
      'DATABASE_POOL_SIZE: got "1", accepts a whole number from 2 to 100',
    ],
    ['SUGGESTIONS_CACHE_MS', 'soon', 'SUGGESTIONS_CACHE_MS: got "soon", accepts a whole number'],
    ['TRANSCODE_CONCURRENCY', '-1', 'TRANSCODE_CONCURRENCY: got "-1"'],
    ['TRUST_PROXY', 'everyone', 'TRUST_PROXY: got "everyone", accepts 1, 0 or a comma-separated'],
  ])('refuse %s=%s, saying what they accept', (name, value, message) => {
    expect(() => loadConfig({ ACCESS_TOKEN_SECRET: 's', [name]: value })).toThrow(message);
  });

  it('stop the start of the real server with that one line, not a stack trace', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidtube-settings-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(APP_ROOT, 'server/main.ts')],
        {
          env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty', SEED_DEMO: '0' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        'vidtube: PORT: got "eighty", accepts a whole number from 1 to 65535',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
