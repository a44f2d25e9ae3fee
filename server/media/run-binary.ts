/**
 * Runs ffmpeg/ffprobe with an argument array (execFile: never a shell, so file names cannot inject
 * commands), a time limit and a bounded output buffer.
 */
import { execFile } from 'node:child_process';

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

export function runBinary(file: string, args: string[], timeoutMs: number): Promise<BinaryResult> {
  return new Promise((resolve, reject) => {
    execFile(
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
  });
}
