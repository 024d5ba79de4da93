import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ComprobacionRestablecimiento, Restablecimiento } from '../../../contracts/auth.ts';
import { apiMessage, type Language } from '../../../contracts/messages/index.ts';
import type { Config } from '../../config.ts';
import { fail } from '../../lib/errors.ts';
import type { Visitor } from '../../lib/request-context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { writeAudit } from '../audit/index.ts';
import { replacePassword } from '../accounts/index.ts';
import { endSessionsOf } from './sessions.repository.ts';
import { passwordChangedMail, resetLinkMail } from './password-reset.mail.ts';
import {
  countResetsSince,
  endOpenResets,
  findResetAccount,
  findResetAccountById,
  findResetByHash,
  insertReset,
  useReset,
  type ResetAccount,
  type ResetLink,
} from './password-reset.repository.ts';

/** How long a link works. */
export const RESET_LINK_MINUTES = 60;
/** Links one account may be sent in an hour; more requests are answered the same and send nothing. */
export const RESET_LINKS_PER_HOUR = 3;
/** Requests waiting for their background work; beyond this (a flood) new ones are dropped. */
const MAX_QUEUED = 200;

// 32 random bytes in base64url: what the server issues, and the only shape it looks up.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The address users reach (PUBLIC_URL); never the request's Host header, which a client chooses. */
export function publicBaseUrl(config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

export interface PasswordResetHooks {
  /** After a reset: the resetting address's log-in hold on the account ends (it proved who it is by e-mail). */
  onPasswordReset(caller: Visitor, account: ResetAccount): Promise<void>;
}

export function createPasswordResetService(app: FastifyInstance, hooks: PasswordResetHooks) {
  const { db, clock, config } = app;

  // Everything that depends on whether the account exists runs after the answer has gone, so the
  // answer (status, body and time) is the same either way.
  let chain: Promise<void> = Promise.resolve();
  let queued = 0;
  function inBackground(job: () => Promise<void>) {
    if (queued >= MAX_QUEUED) {
      app.log.warn('password reset requests are arriving faster than they are handled; one was dropped');
      return;
    }
    queued += 1;
    chain = chain
      .then(job)
      .catch((error: unknown) => app.log.error({ err: error }, 'password reset e-mail could not be prepared or sent'))
      .finally(() => {
        queued -= 1;
      });
  }

  async function sendResetLink(identifier: string, ip: string) {
    const account = await findResetAccount(db, identifier);
    if (!account) return;
    const now = clock.now();
    const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
    if ((await countResetsSince(db, account.id_usuario, hourAgo)) >= RESET_LINKS_PER_HOUR) {
      app.log.info({ id_usuario: account.id_usuario }, 'password reset link not sent: hourly limit of the account reached');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await db.transaction().execute(async (trx) => {
      await insertReset(trx, {
        id_usuario: account.id_usuario,
        hash_token: hashToken(token),
        creado_en: now.toISOString(),
        caduca_en: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
      });
      await writeAudit(trx, {
        id_usuario: account.id_usuario,
        rol: account.rol,
        id_paciente: account.id_paciente,
        accion: 'cuenta.restablecimiento_solicitado',
        ip,
        creado_en: now.toISOString(),
      });
    });
    const link = `${publicBaseUrl(config)}/restablecer-contrasena?token=${token}`;
    await app.mailer.send(resetLinkMail(account, link));
  }

  const linkError = (code: 'enlace_invalido' | 'enlace_caducado' | 'enlace_usado', language: Language) =>
    fail(400, code, language);

  /** The link a token belongs to, if it can still be used; otherwise the 400 that says why. */
  async function usableLink(token: string, language: Language): Promise<ResetLink> {
    const link = TOKEN_SHAPE.test(token) ? await findResetByHash(db, hashToken(token)) : undefined;
    if (!link || link.activo !== 1) throw linkError('enlace_invalido', language);
    if (link.usado_en) throw linkError('enlace_usado', language);
    if (link.caduca_en <= clock.now().toISOString()) throw linkError('enlace_caducado', language);
    return link;
  }

  return {
    /** Queues the e-mail (if the account exists) and returns at once. */
    requestReset(caller: Visitor, { usuario: identifier }: { usuario: string }): { detail: string } {
      inBackground(() => sendResetLink(identifier, caller.address));
      return { detail: apiMessage('restablecimiento_solicitado', caller.language) ?? '' };
    },

    async checkLink(caller: Visitor, { token }: { token: string }): Promise<ComprobacionRestablecimiento> {
      const link = await usableLink(token, caller.language);
      return { usuario: link.nombre_usuario, caduca_en: link.caduca_en };
    },

    /**
     * Sets the new password and uses the link up, in one transaction with the audit entry. Every
     * token of the user ends (sessions on other devices), and so do their other reset links.
     */
    async resetPassword(caller: Visitor, input: Restablecimiento): Promise<void> {
      const link = await usableLink(input.token, caller.language);
      const hash = await hashPassword(input.contrasena);
      const now = clock.now().toISOString();
      const account = await db.transaction().execute(async (trx) => {
        if (!(await useReset(trx, link.id_restablecimiento, now))) throw linkError('enlace_usado', caller.language);
        const owner = await findResetAccountById(trx, link.id_usuario);
        if (!owner) throw linkError('enlace_invalido', caller.language);
        await endOpenResets(trx, link.id_usuario, now);
        await replacePassword(trx, link.id_usuario, hash);
        await endSessionsOf(trx, link.id_usuario, 'contrasena', now);
        await writeAudit(trx, {
          id_usuario: owner.id_usuario,
          rol: owner.rol,
          id_paciente: owner.id_paciente,
          accion: 'cuenta.contrasena_restablecida',
          ip: caller.address,
          creado_en: now,
        });
        return owner;
      });
      await hooks.onPasswordReset(caller, account);
      app.mailer.sendLater(passwordChangedMail(account), (error) =>
        app.log.error({ err: error }, 'the password-changed notice could not be sent'),
      );
    },

    /** Resolves when every queued request has been handled (shutdown, tests). */
    async settled(): Promise<void> {
      while (queued > 0) await chain;
    },
  };
}
