import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import { DEMO_LOGINS, isEmpty, seedDemoClinic, type DemoLogin } from './seed/demo.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { verifyPassword } from './lib/passwords.ts';
import { findLoginUser } from './modules/auth/index.ts';

/** A reason the server must not start, said plainly to whoever started it. */
export class StartupRefused extends Error {}

/** True when `host` is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || /^::ffff:127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * What says that people other than this machine's user reach the server, or `undefined` when
 * nothing does: a network address to listen on, a proxy trusted to forward clients (the README's
 * nginx in front of a loopback server), or a public address for links that is not this machine.
 */
export function publicExposure(config: Pick<Config, 'host' | 'trustProxy' | 'publicUrl'>): string | undefined {
  if (!isLoopbackHost(config.host)) return `it listens on ${config.host}`;
  if (config.trustProxy) return 'TRUST_PROXY says a proxy forwards clients to it';
  if (config.publicUrl !== undefined && !isLoopbackHost(new URL(config.publicUrl).hostname)) {
    return `PUBLIC_URL says users reach it at ${config.publicUrl}`;
  }
  return undefined;
}

/**
 * Whether the demo clinic loads into an empty database: when DEMO_DATA says so,
 * else (`npm start -- --demo`) when asked on the command line, else only into the embedded
 * database of a server that nothing says is public.
 */
export function wantsDemoClinic(config: Config, dialect: DatabaseHandle['dialect'], argv: readonly string[]): boolean {
  if (config.demoData !== undefined) return config.demoData;
  if (argv.includes('--demo')) return true;
  return dialect === 'sqlite' && publicExposure(config) === undefined;
}

/** The demo accounts (README's log-ins) that still open with their published password. */
export async function accountsWithDemoPassword(database: DatabaseHandle): Promise<string[]> {
  const open: string[] = [];
  for (const login of DEMO_LOGINS) {
    const account = await findLoginUser(database.db, login.usuario);
    if (account && account.nombre_usuario === login.usuario && (await verifyPassword(account.contrasena_hash, login.contrasena))) {
      open.push(login.usuario);
    }
  }
  return open;
}

/**
 * Everything the database needs before the server listens: the demo clinic when wanted, and the
 * refusal to serve the public (a network address, or through a proxy) while a demo account keeps
 * its published password.
 */
export async function prepareDatabase(
  config: Config,
  database: DatabaseHandle,
  argv: readonly string[] = [],
  clock: Clock = systemClock,
): Promise<DemoLogin[]> {
  const demoLogins =
    wantsDemoClinic(config, database.dialect, argv) && (await isEmpty(database.db))
      ? await seedDemoClinic(database.db, clock.now(), config)
      : [];
  const exposure = publicExposure(config);
  if (exposure !== undefined) {
    const open = await accountsWithDemoPassword(database);
    if (open.length > 0) {
      throw new StartupRefused(
        `Galeno will not start as a public server (${exposure}): these accounts still have the demo password published in the README: ` +
          `${open.join(', ')}.\nChange their passwords (or delete them) on a private start (HOST=127.0.0.1, without TRUST_PROXY ` +
          'and PUBLIC_URL), then start again as the public server.',
      );
    }
  }
  return demoLogins;
}
