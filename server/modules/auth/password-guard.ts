import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../contracts/messages/index.ts';
import { fail } from '../../lib/errors.ts';
import type { Visitor } from '../../lib/request-context.ts';
import { loginAlertMail } from './login-alert.mail.ts';
import { throttleAddress } from '../../lib/address.ts';
import type { ThrottleStore } from './login-throttle.ts';

const DAY_MS = 24 * 3_600_000;

interface Account {
  id_usuario: number;
  correo: string;
  nombre: string;
  nombre_usuario: string;
  idioma: Language;
}

/**
 * Every check of a password (log-in, the current password of a change) goes through here (issue
 * 12). Failures count per address and per account seen from that address, never per typed
 * string: the address that guesses is held off (429 with Retry-After), first from the account it
 * guesses, then from every account; the owner, from an address that has not failed, still gets in.
 * Past a daily ceiling of failures on one account its owner is told, once, by e-mail.
 */
export function passwordGuard(app: FastifyInstance, throttle: ThrottleStore) {
  const { login } = app.config;
  const windowMs = login.lockMinutes * 60_000;
  const addressKey = (caller: Visitor) => `ip:${throttleAddress(caller.address)}`;
  const pairKey = (caller: Visitor, id_usuario: number) => `cuenta:${id_usuario}:${throttleAddress(caller.address)}`;

  const tooMany = (seconds: number, language: Language) =>
    fail(429, 'demasiados_intentos', language, {
      headers: { 'retry-after': String(Math.max(1, seconds)) },
    });

  return {
    /** 429 while the caller's address is held off (from this account, when one is named). */
    async refuseIfHeld(caller: Visitor, id_usuario?: number): Promise<void> {
      const now = app.clock.now().getTime();
      const held = Math.max(
        await throttle.lockedFor(addressKey(caller), now),
        id_usuario === undefined ? 0 : await throttle.lockedFor(pairKey(caller, id_usuario), now),
      );
      if (held > 0) throw tooMany(held, caller.language);
    },

    async recordFailure(caller: Visitor, account: Account | undefined, now: number): Promise<void> {
      await throttle.recordFailure(addressKey(caller), now, login.maxFailuresPerAddress, windowMs);
      if (!account) return;
      await throttle.recordFailure(pairKey(caller, account.id_usuario), now, login.maxFailures, windowMs);
      const today = await throttle.recordFailure(`cuenta:${account.id_usuario}`, now, Number.POSITIVE_INFINITY, DAY_MS);
      if (today >= login.alertFailuresPerDay && (await throttle.once(`aviso:${account.id_usuario}`, now, DAY_MS))) {
        app.log.warn({ id_usuario: account.id_usuario, failures: today }, 'failed log-ins of one account passed the daily ceiling; its owner is told');
        app.mailer.sendLater(loginAlertMail(account, today), (error) =>
          app.log.error({ err: error }, 'the failed log-ins notice could not be sent'),
        );
      }
    },

    /** The right password from this address: its hold on this account ends. */
    async succeeded(caller: Visitor, id_usuario: number): Promise<void> {
      await throttle.reset(pairKey(caller, id_usuario));
    },
  };
}

export type PasswordGuard = ReturnType<typeof passwordGuard>;
