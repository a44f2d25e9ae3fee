/**
 * Runs s3rver for the tests in its own process (see s3-server.ts): one bucket, data in the
 * directory given, a free port printed as the first JSON line, then one line per object event.
 * Exits when the parent closes its stdin, so a crashed test run leaves no server behind.
 */
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3rver-process.ts <directory> <bucket>');

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
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
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
