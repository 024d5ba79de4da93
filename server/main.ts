import type { Socket } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { serverClock } from './lib/clock.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import type { DemoLogin } from './seed/demo.ts';
import { prepareDatabase, StartupRefused } from './startup.ts';

async function main() {
  const startedAt = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const clock = serverClock(config);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database);

  // The demo clinic only on loopback or when asked; never on a network address with demo passwords.
  let demoLogins: DemoLogin[];
  try {
    demoLogins = await prepareDatabase(config, database, process.argv, clock);
  } catch (error) {
    if (error instanceof StartupRefused) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  // After the migrations and the demo clinic, whose tables SQLite has not analysed yet.
  await database.refreshPlannerStatistics();

  const app = await buildApp({ config, database, clock });
  const address = await app.listen({ port: config.port, host: config.host });

  const shown = address.replace('://127.0.0.1', '://localhost');
  console.log(`\nGaleno is ready at ${shown} (${database.dialect}, ${Math.round(performance.now() - startedAt)} ms)`);
  if (demoLogins.length > 0) {
    console.log('Demo clinic created. Log-ins (user / password):');
    for (const login of demoLogins) console.log(`  ${login.rol.padEnd(9)} ${login.usuario.padEnd(14)} ${login.contrasena}`);
  }

  // Node closes idle keep-alive connections when asked, but not one that has not sent a byte yet (a
  // browser's preconnect, a client's spare): that one would hold the stop until its headers time out.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const closeIdleConnections = () => {
    app.server.closeIdleConnections();
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      // close() waits for the handlers still running (plugins/handlers-in-flight.ts), stops accepting
      // and lets requests in flight finish, but a keep-alive connection whose last request ends after
      // that stays open until its timeout: close those as they fall idle.
      const sweep = setInterval(closeIdleConnections, 100);
      await app.close();
      clearInterval(sweep);
      await database.close();
      clearTimeout(forceExit);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
