/**
 * How the bench and the e2e harness start the production server: exactly as `npm start` does,
 * through scripts/start-server.sh, the one place its Node flags and malloc settings are written
 * (with why each). The script `exec`s Node, so the child's pid is the server's own.
 */
import path from 'node:path';

export function serverCommand(root: string): { command: string; args: string[] } {
  return { command: '/bin/sh', args: [path.join(root, 'scripts/start-server.sh')] };
}
