/**
 * The yardstick: a bare Fastify hello-world on the same machine and Node, so API figures can be
 * read as a fraction of what the framework alone can do here.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3100), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
