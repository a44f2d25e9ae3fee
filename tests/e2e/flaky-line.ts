/**
 * A slow line that can drop, between Chromium and the server: a TCP proxy that forwards what the
 * browser sends at `bytesPerSecond` (so an upload takes long enough to cut it half way) and, on
 * `drop()`, resets every open connection and refuses new ones until `restore()`, as a lost
 * network or a closed laptop lid does. Answers from the server flow at full speed.
 */
import net from 'node:net';

export interface FlakyLine {
  url: string;
  drop(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startFlakyLine(target: URL, bytesPerSecond: number): Promise<FlakyLine> {
  const sockets = new Set<net.Socket>();
  let down = false;
  const proxy = net.createServer((client) => {
    if (down) return client.resetAndDestroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      client.pause();
      setTimeout(() => client.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    drop() {
      down = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
