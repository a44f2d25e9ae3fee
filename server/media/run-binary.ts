/**
 * Runs ffmpeg/ffprobe with an argument array (execFile: never a shell, so file names cannot inject
 * commands), a time limit and a bounded output buffer.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';

export interface BinaryResult {
  stdout: string;
  stderr: string;
}

export class BinaryError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'BinaryError';
  }
}

/**
 * `niceness` (0…19) lowers the child's CPU priority below the API's, for background work (the
 * seek-preview backfill runs at 19, the lowest: uploads' transcodes at 10 go first).
 */
export function runBinary(
  file: string,
  args: string[],
  timeoutMs: number,
  niceness = 0,
): Promise<BinaryResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, windowsHide: true, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          reject(new BinaryError(`${file} failed: ${error.message}`, stderr));
          return;
        }
        resolve({ stdout, stderr });
      },
    );
    if (niceness > 0 && child.pid) os.setPriority(child.pid, niceness);
  });
}
