// The ceiling of this machine: a bare Fastify server answering a constant.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { estado: 'ok' };
app.all('/*', async () => answer);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('ready');
