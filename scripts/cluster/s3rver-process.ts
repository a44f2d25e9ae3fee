/**
 * Runs s3rver (an S3-compatible server from npm) in a process of its own: one bucket, data in the
 * directory given, on `address`:`port` (default 127.0.0.1 and a free port). Prints the port as the
 * first JSON line, then one line per object event. Exits when the parent closes its stdin, so a
 * crashed parent leaves no server behind. Used by the server tests (tests/server/s3-server.ts)
 * and by `npm run cluster`. Run it with --openssl-legacy-provider: s3rver signs ListObjectsV2
 * continuation tokens with DES, which Node's OpenSSL 3 provides only with that flag.
 */
import S3rver from 's3rver';

const [directory, bucket, address = '127.0.0.1', port = '0'] = process.argv.slice(2);
if (!directory || !bucket) {
  throw new Error('usage: s3rver-process.ts <directory> <bucket> [address] [port]');
}

const server = new S3rver({
  address,
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
server.on('event', (event) => {
  for (const record of event.Records) {
    process.stdout.write(
      `${JSON.stringify({ event: record.eventName, key: record.s3.object.key })}\n`,
    );
  }
});
const listening = await server.run();
process.stdout.write(`${JSON.stringify({ port: listening.port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
