import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Language } from '../../../contracts/messages/index.ts';
import {
  codeKind,
  type Enrolment,
  type LoginCode,
  type LoginTicket,
  type PasswordAndCode,
  type RecoveryCodes,
  type SecondFactorStatus,
} from '../../../contracts/second-factor.ts';
import type { Role } from '../../../contracts/roles.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { Caller, Visitor } from '../../lib/request-context.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { loadJwtSecret } from '../../plugins/auth.ts';
import { writeAudit } from '../audit/index.ts';
import { findSessionUser, type SessionRow } from './auth.repository.ts';
import type { ThrottleStore } from './login-throttle.ts';
import type { PasswordGuard } from './password-guard.ts';
import {
  activateSecondFactor,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findLiveTicket,
  findSecondFactor,
  hasActiveSecondFactor,
  insertTicket,
  replaceRecoveryCodes,
  savePendingSecret,
  takeTimeStep,
  ticketFailed,
  useRecoveryCode,
  useTicket,
} from './second-factor.repository.ts';
import { hashRecoveryCode, hashTicket, newRecoveryCode, open, RECOVERY_CODES, seal, secretKey } from './second-factor.secrets.ts';
import { endSessionsOf, markSessionSecondFactor } from './sessions.repository.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30 seconds. */
const PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too (clocks of phones drift). */
const WINDOW_STEPS = 1;
/** How long the ticket of a right password lasts, and how many wrong codes it survives. */
export const TICKET_SECONDS = 5 * 60;
export const TICKET_ATTEMPTS = 5;
const ISSUER = 'Galeno';

const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

type Account = Pick<SessionRow, 'id_usuario' | 'correo' | 'nombre' | 'nombre_usuario' | 'idioma' | 'rol' | 'id_paciente'>;

/**
 * The second factor: enrolment, the code step of log-in, recovery codes. Every check of a code goes
 * through the same guard as passwords (per address, per account seen from an address, the owner
 * told past a daily ceiling), plus a ceiling per account whatever the address: whoever types codes
 * already knows the password, so holding the code step of that one account off for a while costs
 * its owner little and stops a guesser with many addresses.
 */
export function createSecondFactorService(app: FastifyInstance, guard: PasswordGuard, throttle: ThrottleStore) {
  const { db, clock, config } = app;
  const key = secretKey(loadJwtSecret(config.jwtSecret, config.dataDir));
  const windowMs = config.login.lockMinutes * 60_000;
  const accountCodeKey = (id_usuario: number) => `codigo:${id_usuario}`;

  const totpOf = (secret: string, label: string) =>
    new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

  const wrongCode = (status: 400 | 401, language: Language) => fail(status, 'codigo_incorrecto', language, { field: 'codigo' });

  async function accountOf(id_usuario: number, language: Language): Promise<SessionRow> {
    const user = await findSessionUser(db, id_usuario);
    if (!user || user.activo !== 1) throw fail(401, 'token_invalido', language);
    return user;
  }

  /** Re-authentication with the password, throttled as a log-in (400 with the field's message). */
  async function checkPassword(user: SessionRow, contrasena: string, caller: Visitor): Promise<void> {
    await guard.refuseIfHeld(caller, user.id_usuario);
    if (await verifyPassword(user.contrasena_hash, contrasena)) return;
    await guard.recordFailure(caller, user, clock.now().getTime());
    throw fail(400, 'contrasena_actual_incorrecta', caller.language, { field: 'contrasena' });
  }

  /**
   * Checks a code of the account: an app code of a time step not used before, or (when allowed) a
   * recovery code, which is used up. A wrong code counts as a failed log-in does.
   */
  async function checkCode(
    user: Account,
    codigo: string,
    caller: Visitor,
    options: { status: 400 | 401; recovery: boolean; pending?: boolean },
  ): Promise<'totp' | 'recuperacion'> {
    const now = clock.now();
    await guard.refuseIfHeld(caller, user.id_usuario);
    const held = await throttle.lockedFor(accountCodeKey(user.id_usuario), now.getTime());
    if (held > 0) {
      throw fail(429, 'demasiados_intentos', caller.language, {
        headers: { 'retry-after': String(held) },
      });
    }
    const kind = codeKind(codigo);
    let accepted = false;
    if (kind === 'totp') {
      const row = await findSecondFactor(db, user.id_usuario);
      const secret = row && row.activo === (options.pending ? 0 : 1) ? open(row.secreto_cifrado, key) : undefined;
      if (secret) {
        const delta = totpOf(secret, user.nombre_usuario).validate({
          token: codigo.replace(/\s/g, ''),
          timestamp: now.getTime(),
          window: WINDOW_STEPS,
        });
        if (delta !== null) {
          const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
          accepted = await takeTimeStep(db, user.id_usuario, step);
        }
      }
    } else if (kind === 'recuperacion' && options.recovery) {
      accepted = await useRecoveryCode(db, user.id_usuario, hashRecoveryCode(codigo), now.toISOString());
      if (accepted) {
        await writeAudit(db, {
          id_usuario: user.id_usuario,
          rol: user.rol,
          id_paciente: user.id_paciente,
          accion: 'cuenta.codigo_recuperacion_usado',
          ip: caller.address,
          creado_en: now.toISOString(),
        });
      }
    }
    if (!accepted) {
      await guard.recordFailure(caller, user, now.getTime());
      await throttle.recordFailure(accountCodeKey(user.id_usuario), now.getTime(), config.login.maxFailures * 2, windowMs);
      throw wrongCode(options.status, caller.language);
    }
    await guard.succeeded(caller, user.id_usuario);
    await throttle.reset(accountCodeKey(user.id_usuario));
    return kind as 'totp' | 'recuperacion';
  }

  /** The caller's account, once their factor is on and they proved the password and a code. */
  async function ownerWithActiveFactor(caller: Caller, input: PasswordAndCode): Promise<SessionRow> {
    const user = await accountOf(caller.actor.id_usuario, caller.language);
    if (!(await hasActiveSecondFactor(db, user.id_usuario))) throw fail(409, 'segundo_factor_inactivo', caller.language);
    await checkPassword(user, input.contrasena, caller);
    await checkCode(user, input.codigo, caller, { status: 400, recovery: true });
    return user;
  }

  /**
   * New recovery codes; with `enrolledIn`, the factor is turned on from that session, which now
   * counts as having passed it, and every other session of the account ends: they were opened
   * with the password alone.
   */
  async function freshRecoveryCodes(
    user: Account,
    accion: 'cuenta.segundo_factor_activado' | 'cuenta.codigos_recuperacion',
    caller: Visitor,
    activate: boolean,
    enrolledIn?: string,
  ) {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      if (activate && !(await activateSecondFactor(trx, user.id_usuario, now))) {
        throw fail(409, 'segundo_factor_activo', caller.language);
      }
      if (enrolledIn) {
        await markSessionSecondFactor(trx, enrolledIn);
        await endSessionsOf(trx, user.id_usuario, 'usuario', now, enrolledIn);
      }
      await replaceRecoveryCodes(trx, user.id_usuario, codes.map(hashRecoveryCode));
      await writeAudit(trx, { id_usuario: user.id_usuario, rol: user.rol, id_paciente: user.id_paciente, accion, ip: caller.address, creado_en: now });
    });
    return { codigos_recuperacion: codes };
  }

  const requiredFor = (rol: Role) => config.mfaRequiredRoles.includes(rol);

  return {
    async status(caller: Caller): Promise<SecondFactorStatus> {
      const { id_usuario, rol } = caller.actor;
      const activo = await hasActiveSecondFactor(db, id_usuario);
      return { activo, requerido: requiredFor(rol), codigos_restantes: activo ? await countUnusedRecoveryCodes(db, id_usuario) : 0 };
    },

    /** A new secret, after the password: the QR code, its URI, and the secret to type by hand. */
    async start(caller: Caller, { contrasena }: { contrasena: string }): Promise<Enrolment> {
      const { id_usuario } = caller.actor;
      const user = await accountOf(id_usuario, caller.language);
      await checkPassword(user, contrasena, caller);
      const secret = new Secret({ size: 20 });
      if (!(await savePendingSecret(db, id_usuario, seal(secret.base32, key), clock.now().toISOString()))) {
        throw fail(409, 'segundo_factor_activo', caller.language);
      }
      const uri = totpOf(secret.base32, user.nombre_usuario).toString();
      const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secreto: secret.base32, uri, qr_svg };
    },

    /** The first code from the app turns the factor on; the recovery codes are shown this once. */
    async confirm(caller: Caller, { codigo }: { codigo: string }): Promise<RecoveryCodes> {
      const { id_usuario } = caller.actor;
      const user = await accountOf(id_usuario, caller.language);
      const row = await findSecondFactor(db, id_usuario);
      if (row?.activo === 1) throw fail(409, 'segundo_factor_activo', caller.language);
      if (!row) throw fail(409, 'segundo_factor_sin_iniciar', caller.language);
      await checkCode(user, codigo, caller, { status: 400, recovery: false, pending: true });
      return freshRecoveryCodes(user, 'cuenta.segundo_factor_activado', caller, true, caller.actor.id_sesion);
    },

    async regenerateRecoveryCodes(caller: Caller, input: PasswordAndCode): Promise<RecoveryCodes> {
      const user = await ownerWithActiveFactor(caller, input);
      return freshRecoveryCodes(user, 'cuenta.codigos_recuperacion', caller, false);
    },

    async disable(caller: Caller, input: PasswordAndCode): Promise<void> {
      const { id_usuario } = caller.actor;
      // Allowed for a role that requires it too (a new phone: off, then on again): with the factor
      // off, such a user can do nothing but enrol again (plugins/auth.ts).
      const user = await ownerWithActiveFactor(caller, input);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await deleteSecondFactor(trx, id_usuario);
        await writeAudit(trx, {
          id_usuario,
          rol: user.rol,
          id_paciente: user.id_paciente,
          accion: 'cuenta.segundo_factor_desactivado',
          ip: caller.address,
          creado_en: now,
        });
      });
    },

    /** Whether a right password still needs a code before a token is issued. */
    needsCode: (id_usuario: number) => hasActiveSecondFactor(db, id_usuario),

    async issueTicket(id_usuario: number): Promise<LoginTicket> {
      const ticket = randomBytes(32).toString('base64url');
      const now = clock.now();
      await insertTicket(
        db,
        { hash_ticket: hashTicket(ticket), id_usuario, caduca_en: new Date(now.getTime() + TICKET_SECONDS * 1000).toISOString() },
        now.toISOString(),
      );
      return { segundo_factor_requerido: true, ticket, expires_in: TICKET_SECONDS };
    },

    /** The code step of log-in: the account the ticket was issued to, once its code is right. */
    async redeemTicket(caller: Visitor, input: LoginCode): Promise<SessionRow> {
      const expired = () => fail(401, 'ticket_caducado', caller.language);
      const hash = TICKET_SHAPE.test(input.ticket) ? hashTicket(input.ticket) : undefined;
      const live = hash ? await findLiveTicket(db, hash, clock.now().toISOString()) : undefined;
      if (!hash || !live) throw expired();
      const user = await findSessionUser(db, live.id_usuario);
      if (!user || user.activo !== 1) throw expired();
      try {
        await checkCode(user, input.codigo, caller, { status: 401, recovery: true });
      } catch (error) {
        if (error instanceof AppError && error.code === 'codigo_incorrecto') await ticketFailed(db, hash, TICKET_ATTEMPTS);
        throw error;
      }
      if (!(await useTicket(db, hash))) throw expired();
      return user;
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
