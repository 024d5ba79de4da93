import type { FastifyInstance } from 'fastify';
import type {
  CambioContrasena,
  LoginPayload,
  LoginResponse,
  RegistroPaciente,
  TokenPayload,
} from '../../../contracts/auth.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { hashPassword, needsRehash, spendVerificationTime, verifyPassword } from '../../lib/passwords.ts';
import { writeAudit } from '../audit/index.ts';
import {
  accountInsertError,
  duplicateAccountError,
  accountOf,
  findTakenIdentifiers,
  insertPatient,
  insertUser,
  replacePassword,
  upgradePasswordHash,
} from '../accounts/index.ts';
import { deviceLabel } from '../../lib/device-label.ts';
import type { Caller, Visitor } from '../../lib/request-context.ts';
import { findLoginUser, findSessionUser, type SessionRow } from './auth.repository.ts';
import {
  deleteExpiredSessions,
  endSession,
  endSessionsOf,
  findSessionOwner,
  insertSession,
  sessionPassedSecondFactor,
  listLiveSessions,
} from './sessions.repository.ts';
import type { CerrarSesiones, Sesion, SesionesCerradas } from '../../../contracts/sessions.ts';
import type { ThrottleStore } from './login-throttle.ts';
import { passwordGuard } from './password-guard.ts';
import { idleMinutesFor } from './session-rules.ts';
import type { LoginCode, LoginTicket } from '../../../contracts/second-factor.ts';
import type { SecondFactorService } from './second-factor.service.ts';

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
      ip: caller.address,
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
   * The one place a token is issued: starts a session for the user and answers the log-in body.
   * Every path that logs a user in (password, second factor, password change) ends here.
   */
  async function loginResponse(
    user: SessionRow,
    caller: Visitor,
    userAgent: string | undefined,
    secondFactor: boolean,
  ): Promise<LoginResponse> {
    const now = clock.now();
    const creada_en = now.toISOString();
    const caduca_en = new Date(now.getTime() + config.tokenTtlHours * 3_600_000).toISOString();
    const sid = await db.transaction().execute(async (trx) => {
      await deleteExpiredSessions(trx, user.id_usuario, creada_en);
      return insertSession(trx, {
        id_usuario: user.id_usuario,
        creada_en,
        caduca_en,
        dispositivo: deviceLabel(userAgent),
        direccion: caller.address.slice(0, 64),
        segundo_factor: secondFactor ? 1 : 0,
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
    async registerPatient(caller: Visitor, input: RegistroPaciente): Promise<{ id_usuario: number; id_paciente: number }> {
      const duplicate = duplicateAccountError(
        await findTakenIdentifiers(db, input.usuario, input.email),
        caller.language,
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
              idioma: caller.language,
              creado_en: now.toISOString(),
            }),
          );
          const id_paciente = await insertPatient(trx, id_usuario, localDate(now, config.timeZone), caller.address);
          await writeAudit(trx, {
            id_usuario,
            rol: 'paciente',
            id_paciente,
            accion: 'cuenta.registro',
            ip: caller.address,
            creado_en: now.toISOString(),
          });
          return { id_usuario, id_paciente };
        });
      } catch (error) {
        throw await accountInsertError(db, error, input, caller.language);
      }
    },

    /**
     * The password step. With a second factor the right password earns only a ticket for the code
     * step, and the address's failures on the account stay counted until the code is right too.
     */
    async login(caller: Visitor, input: LoginPayload, userAgent: string | undefined): Promise<LoginResponse | LoginTicket> {
      const now = clock.now().getTime();
      await guard.refuseIfHeld(caller);
      const user = await findLoginUser(db, input.usuario);
      if (user) await guard.refuseIfHeld(caller, user.id_usuario);
      const valid = user
        ? await verifyPassword(user.contrasena_hash, input.contrasena)
        : (await spendVerificationTime(input.contrasena), false);
      if (!user || !valid) {
        await guard.recordFailure(caller, user, now);
        throw fail(401, 'credenciales_invalidas', caller.language);
      }
      // A hash made with older parameters gets today's, now that the password is at hand.
      if (needsRehash(user.contrasena_hash)) {
        await upgradePasswordHash(db, user.id_usuario, user.contrasena_hash, await hashPassword(input.contrasena));
      }
      if (await secondFactor.needsCode(user.id_usuario)) return secondFactor.issueTicket(user.id_usuario);
      await guard.succeeded(caller, user.id_usuario);
      return loginResponse(user, caller, userAgent, false);
    },

    /** The code step: the ticket of a right password and a code from the app (or a recovery code). */
    async loginWithCode(caller: Visitor, input: LoginCode, userAgent: string | undefined): Promise<LoginResponse> {
      return loginResponse(await secondFactor.redeemTicket(caller, input), caller, userAgent, true);
    },

    /**
     * Changes the password after checking the current one. Every session ends (other devices are
     * logged out); the answer carries a fresh session and token for this one. The check of the current
     * password is throttled as a log-in is, so a stolen session cannot guess it either.
     */
    async changePassword(caller: Caller, input: CambioContrasena, userAgent: string | undefined): Promise<LoginResponse> {
      const { id_usuario } = caller.actor;
      await guard.refuseIfHeld(caller, id_usuario);
      const user = await findSessionUser(db, id_usuario);
      if (!user || !(await verifyPassword(user.contrasena_hash, input.contrasena_actual))) {
        await guard.recordFailure(caller, user, clock.now().getTime());
        throw fail(400, 'contrasena_actual_incorrecta', caller.language, { field: 'contrasena_actual' });
      }
      await guard.succeeded(caller, id_usuario);
      // The new session is as strong as the one that asked: a new password is not a second factor.
      const passedSecondFactor = await sessionPassedSecondFactor(db, caller.actor.id_sesion);
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
          ip: caller.address,
          creado_en: now,
        });
      });
      const updated = await findSessionUser(db, id_usuario);
      if (!updated) throw fail(404, 'no_encontrado', caller.language);
      return loginResponse(updated, caller, userAgent, passedSecondFactor);
    },

    /** A reset proves the owner by e-mail, so the address it came from is no longer held off. */
    async passwordWasReset(caller: Visitor, id_usuario: number): Promise<void> {
      await guard.succeeded(caller, id_usuario);
    },

    /** Log-out: ends this session only; a copy of its token dies with it. */
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

    /** Ends one of the caller's sessions; someone else's answers 403. */
    async endOwnSession(caller: Caller, id_sesion: string): Promise<void> {
      const owner = await findSessionOwner(db, id_sesion);
      if (owner === undefined) throw fail(404, 'sesion_no_encontrada', caller.language);
      if (owner !== caller.actor.id_usuario) throw fail(403, 'sin_permiso', caller.language);
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
