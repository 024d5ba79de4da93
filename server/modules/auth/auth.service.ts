import type { FastifyInstance } from 'fastify';
import type {
  CambioContrasena,
  LoginPayload,
  LoginResponse,
  RegistroPaciente,
  TokenPayload,
} from '../../../contracts/auth.ts';
import { apiMessage, type Language } from '../../../contracts/messages/index.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import { AppError, conflict, forbidden } from '../../lib/errors.ts';
import { hashPassword, spendVerificationTime, verifyPassword } from '../../lib/passwords.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { accountOf, findTakenIdentifiers, insertPatient, insertUser } from '../users/users.repository.ts';
import { deviceLabel } from '../../lib/device-label.ts';
import type { Caller } from '../../lib/request-context.ts';
import { findLoginUser, findSessionUser, replacePassword, type SessionRow } from './auth.repository.ts';
import {
  deleteExpiredSessions,
  endSession,
  endSessionsOf,
  findSessionOwner,
  insertSession,
  listLiveSessions,
} from './sessions.repository.ts';
import type { CerrarSesiones, Sesion, SesionesCerradas } from '../../../contracts/sessions.ts';
import type { ThrottleStore } from './login-throttle.ts';
import { passwordGuard } from './password-guard.ts';
import { idleMinutesFor } from './session-rules.ts';
import type { LoginCode, LoginTicket } from '../../../contracts/second-factor.ts';
import type { SecondFactorService } from './second-factor.service.ts';

export interface RequestContext {
  ip: string;
  language: Language;
}

/** What starting a session needs besides the user: where from, and on what (a device label). */
export interface LoginContext extends RequestContext {
  userAgent: string | undefined;
}

/** Refuses a username or e-mail already in use, before and (for races) after the insert. */
export function duplicateAccountError(taken: { username: boolean; email: boolean }, language: Language) {
  if (taken.email) return conflict('correo_duplicado', apiMessage('correo_duplicado', language) ?? '');
  if (taken.username) return conflict('usuario_duplicado', apiMessage('usuario_duplicado', language) ?? '');
  return undefined;
}

export function mapUniqueViolation(error: unknown, language: Language): AppError | undefined {
  const constraint = uniqueViolation(error);
  if (!constraint) return undefined;
  if (constraint.includes('correo')) return duplicateAccountError({ username: false, email: true }, language);
  if (constraint.includes('nombre_usuario')) return duplicateAccountError({ username: true, email: false }, language);
  if (constraint.includes('colegiado'))
    return conflict('colegiado_duplicado', apiMessage('colegiado_duplicado', language) ?? '');
  return undefined;
}

/**
 * What a failed account insert means to the client. A sign-up that lost a race for an identifier
 * fails in the database (the one namespace of migration 051); which one it lost is read back.
 */
export async function accountInsertError(
  db: FastifyInstance['db'],
  error: unknown,
  account: { usuario: string; email: string },
  language: Language,
): Promise<unknown> {
  if (uniqueViolation(error)?.includes('identificador')) {
    const taken = await findTakenIdentifiers(db, account.usuario, account.email);
    return duplicateAccountError(taken.email || taken.username ? taken : { username: true, email: false }, language);
  }
  return mapUniqueViolation(error, language) ?? error;
}

export function createAuthService(app: FastifyInstance, throttle: ThrottleStore, secondFactor: SecondFactorService) {
  const { db, clock, config } = app;
  const guard = passwordGuard(app, throttle);

  async function auditSessionsEnded(
    trx: Parameters<typeof writeAudit>[0],
    caller: Caller,
    now: string,
    detalle: string,
  ) {
    await writeAudit(trx, {
      id_usuario: caller.actor.id_usuario,
      rol: caller.actor.rol,
      id_paciente: caller.actor.id_paciente,
      accion: 'cuenta.cerrar_sesiones',
      detalle: `sesiones: ${detalle}`,
      ip: caller.ip,
      creado_en: now,
    });
  }

  function tokenFor(user: SessionRow, sid: string): string {
    const payload: Omit<TokenPayload, 'exp' | 'iat'> = {
      sub: String(user.id_usuario),
      id_usuario: user.id_usuario,
      id_paciente: user.id_paciente,
      id_doctor: user.id_doctor,
      nombre: user.nombre,
      nombre_usuario: user.nombre_usuario,
      rol: user.rol,
      sid,
    };
    return app.jwt.sign(payload);
  }

  /**
   * The one place a token is issued: starts a session for the user (decision 0053) and answers
   * the log-in body. Every path that logs a user in (password, second factor, password change)
   * ends here.
   */
  async function loginResponse(user: SessionRow, context: LoginContext): Promise<LoginResponse> {
    const now = clock.now();
    const creada_en = now.toISOString();
    const caduca_en = new Date(now.getTime() + config.tokenTtlHours * 3_600_000).toISOString();
    const sid = await db.transaction().execute(async (trx) => {
      await deleteExpiredSessions(trx, user.id_usuario, creada_en);
      return insertSession(trx, {
        id_usuario: user.id_usuario,
        creada_en,
        caduca_en,
        dispositivo: deviceLabel(context.userAgent),
        direccion: context.ip.slice(0, 64),
      });
    });
    return {
      access_token: tokenFor(user, sid),
      token_type: 'bearer',
      expires_in: Math.round(config.tokenTtlHours * 3600),
      usuario: {
        id_usuario: user.id_usuario,
        nombre: user.nombre,
        nombre_usuario: user.nombre_usuario,
        rol: user.rol,
        id_paciente: user.id_paciente,
        id_doctor: user.id_doctor,
      },
    };
  }

  return {
    async registerPatient(
      input: RegistroPaciente,
      context: RequestContext,
    ): Promise<{ id_usuario: number; id_paciente: number }> {
      const duplicate = duplicateAccountError(
        await findTakenIdentifiers(db, input.usuario, input.email),
        context.language,
      );
      if (duplicate) throw duplicate;
      const contrasena_hash = await hashPassword(input.contrasena);
      const now = clock.now();
      try {
        return await db.transaction().execute(async (trx) => {
          const id_usuario = await insertUser(
            trx,
            accountOf(input, {
              rol: 'paciente',
              contrasena_hash,
              idioma: context.language,
              creado_en: now.toISOString(),
            }),
          );
          const id_paciente = await insertPatient(trx, id_usuario, localDate(now, config.timeZone));
          await writeAudit(trx, {
            id_usuario,
            rol: 'paciente',
            id_paciente,
            accion: 'cuenta.registro',
            ip: context.ip,
            creado_en: now.toISOString(),
          });
          return { id_usuario, id_paciente };
        });
      } catch (error) {
        throw await accountInsertError(db, error, input, context.language);
      }
    },

    /**
     * The password step. With a second factor the right password earns only a ticket for the code
     * step, and the address's failures on the account stay counted until the code is right too.
     */
    async login(input: LoginPayload, context: LoginContext): Promise<LoginResponse | LoginTicket> {
      const now = clock.now().getTime();
      await guard.refuseIfHeld(context);
      const user = await findLoginUser(db, input.usuario);
      if (user) await guard.refuseIfHeld(context, user.id_usuario);
      const valid = user
        ? await verifyPassword(user.contrasena_hash, input.contrasena)
        : (await spendVerificationTime(input.contrasena), false);
      if (!user || !valid) {
        await guard.recordFailure(context, user, now);
        throw new AppError(401, 'credenciales_invalidas', apiMessage('credenciales_invalidas', context.language) ?? '');
      }
      if (await secondFactor.needsCode(user.id_usuario)) return secondFactor.issueTicket(user.id_usuario);
      await guard.succeeded(context, user.id_usuario);
      return loginResponse(user, context);
    },

    /** The code step: the ticket of a right password and a code from the app (or a recovery code). */
    async loginWithCode(input: LoginCode, context: LoginContext): Promise<LoginResponse> {
      return loginResponse(await secondFactor.redeemTicket(input, context), context);
    },

    /**
     * Changes the password after checking the current one. Every session ends (other devices are
     * logged out); the answer carries a fresh session and token for this one. The check of the current
     * password is throttled as a log-in is, so a stolen session cannot guess it either.
     */
    async changePassword(id_usuario: number, input: CambioContrasena, context: LoginContext): Promise<LoginResponse> {
      await guard.refuseIfHeld(context, id_usuario);
      const user = await findSessionUser(db, id_usuario);
      if (!user || !(await verifyPassword(user.contrasena_hash, input.contrasena_actual))) {
        await guard.recordFailure(context, user, clock.now().getTime());
        throw new AppError(
          400,
          'contrasena_actual_incorrecta',
          apiMessage('contrasena_actual_incorrecta', context.language) ?? '',
          {
            errores: [
              {
                campo: 'contrasena_actual',
                mensaje: apiMessage('contrasena_actual_incorrecta', context.language) ?? '',
              },
            ],
          },
        );
      }
      await guard.succeeded(context, id_usuario);
      const hash = await hashPassword(input.contrasena_nueva);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await replacePassword(trx, id_usuario, hash);
        await endSessionsOf(trx, id_usuario, 'contrasena', now);
        await writeAudit(trx, {
          id_usuario,
          rol: user.rol,
          id_paciente: user.id_paciente,
          accion: 'cuenta.contrasena',
          ip: context.ip,
          creado_en: now,
        });
      });
      const updated = await findSessionUser(db, id_usuario);
      if (!updated) throw new AppError(404, 'no_encontrado', apiMessage('no_encontrado', context.language) ?? '');
      return loginResponse(updated, context);
    },

    /** A reset proves the owner by e-mail, so the address it came from is no longer held off. */
    async passwordWasReset(id_usuario: number, context: RequestContext): Promise<void> {
      await guard.succeeded(context, id_usuario);
    },

    /** Log-out (decisions #29): ends this session only; a copy of its token dies with it. */
    async logout(caller: Caller): Promise<void> {
      await endSession(db, caller.actor.id_sesion, 'salida', clock.now().toISOString());
    },

    /** The caller's live sessions, this one marked. */
    async listSessions(caller: Caller): Promise<Sesion[]> {
      const now = clock.now();
      const idleMinutes = idleMinutesFor(config, caller.actor.rol);
      const idleSince = new Date(idleMinutes > 0 ? now.getTime() - idleMinutes * 60_000 : 0);
      const rows = await listLiveSessions(db, caller.actor.id_usuario, now.toISOString(), idleSince.toISOString());
      return rows.map((row) => ({
        id: row.id_sesion,
        dispositivo: row.dispositivo,
        direccion: row.direccion,
        creada_en: row.creada_en,
        ultimo_uso: row.ultimo_uso,
        ultimo_uso_fecha: localDate(new Date(row.ultimo_uso), config.timeZone),
        ultimo_uso_hora: localTime(new Date(row.ultimo_uso), config.timeZone),
        actual: row.id_sesion === caller.actor.id_sesion,
      }));
    },

    /** Ends one of the caller's sessions; someone else's answers 403 (decisions #4). */
    async endOwnSession(caller: Caller, id_sesion: string): Promise<void> {
      const owner = await findSessionOwner(db, id_sesion);
      if (owner === undefined)
        throw new AppError(404, 'sesion_no_encontrada', apiMessage('sesion_no_encontrada', caller.language) ?? '');
      if (owner !== caller.actor.id_usuario) throw forbidden(apiMessage('sin_permiso', caller.language), 'sin_permiso');
      const now = clock.now().toISOString();
      const mine = id_sesion === caller.actor.id_sesion;
      await db.transaction().execute(async (trx) => {
        await endSession(trx, id_sesion, mine ? 'salida' : 'usuario', now);
        if (!mine) await auditSessionsEnded(trx, caller, now, `1`);
      });
    },

    /** Ends every other session of the caller, and this one too when asked. */
    async endAllSessions(caller: Caller, input: CerrarSesiones): Promise<SesionesCerradas> {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const others = await endSessionsOf(trx, caller.actor.id_usuario, 'usuario', now, caller.actor.id_sesion);
        if (input.incluir_actual) await endSession(trx, caller.actor.id_sesion, 'salida', now);
        await auditSessionsEnded(trx, caller, now, String(others));
        return { cerradas: others + (input.incluir_actual ? 1 : 0) };
      });
    },
  };
}
