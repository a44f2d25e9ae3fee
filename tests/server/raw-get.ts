/**
 * One raw HTTP/1.1 GET over a socket: no client normalises `..` or encoded slashes first, so a
 * test sees what the server does with the path as an attacker sends it.
 */
import net from 'node:net';

/** Sends `GET target` to 127.0.0.1:`port`; the status and the whole answer as latin1 text. */
export function rawGet(port: number, target: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(text.split(' ')[1]), text });
    });
  });
}
