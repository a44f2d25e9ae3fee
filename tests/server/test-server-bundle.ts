/**
 * Where the server tests' own build of the server bundle lives: global-setup.ts builds it from the
 * current source once per run, and spawned-server.ts starts it. Not dist/server, which belongs to
 * `npm start` (a server running from it keeps loading its database worker from that folder).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const TEST_SERVER_BUNDLE_DIR = 'dist/test-server';
export const TEST_SERVER_BUNDLE = path.join(root, TEST_SERVER_BUNDLE_DIR);
