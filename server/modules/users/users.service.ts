import { fullName } from '../../../contracts/names.ts';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../contracts/messages/index.ts';
import type { CambioRol, IdiomaCuenta, MiCuenta, PacienteLista, RegistroRecepcion, UsuarioLista, UsuariosQuery } from '../../../contracts/users.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { PagingQuery } from '../../../contracts/common.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { localDate } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { writeAudit } from '../audit/index.ts';
import { colegiadoTaken, findDoctorOfUser, insertDoctor, updateDoctor, createDoctorsService } from '../doctors/index.ts';
import { createAppointmentsService } from '../appointments/index.ts';
import { endSessionsOf } from '../auth/index.ts';
import { specialtyExists } from '../specialties/index.ts';
import { forgetInNotices } from '../notices/index.ts';
import {
  accountInsertError,
  accountOf,
  duplicateAccountError,
  findTakenIdentifiers,
  insertUser,
  deactivateUser,
  mapUniqueViolation,
  findAccount,
  setAccountLanguage,
  findPatientOfUser,
  findUserListItem,
  insertPatient,
  listPatients,
  listUsers,
  lockActiveAdmins,
  lockActiveUser,
  setPatientState,
  setRole,
  type Page,
  type UserListRow,
} from '../accounts/index.ts';

function toListItem(row: UserListRow): UsuarioLista {
  return { ...row, id: row.id_usuario, email: row.correo };
}

/** The address in one line, leaving out what is unknown; null when nothing is. */
export function addressLine(parts: {
  direccion: string | null;
  codigo_postal: string | null;
  localidad: string | null;
  provincia: string | null;
}): string | null {
  const town = [parts.codigo_postal, parts.localidad].filter(Boolean).join(' ');
  const province = parts.provincia && parts.provincia !== parts.localidad ? `(${parts.provincia})` : '';
  const line = [parts.direccion, [town, province].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return line || null;
}

export function createUsersService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const dialect = app.database.dialect;
  const doctors = createDoctorsService(app);
  const appointments = createAppointmentsService(app);
  const noOne = { notify: async () => {} };
  /** A doctor leaves: the profile ends and their visits still to come are cancelled. */
  const endPractice = async (caller: Caller, trx: Transaction<Database>, id_usuario: number) => {
    await doctors.endProfile(trx, id_usuario);
    return appointments.endPractice(caller, trx, id_usuario);
  };
  /** Notices to send once the account change is committed. */
  const afterCommit =
    (...parts: { notify: () => Promise<void> }[]) =>
    async () => {
      for (const part of parts) await part.notify();
    };

  /** Runs an account change with the admins locked and the actor still an admin. */
  async function asAdmin<T>({ actor, language }: Caller, change: (trx: Transaction<Database>, admins: number[]) => Promise<T>) {
    try {
      return await db.transaction().execute(async (trx) => {
        const admins = await lockActiveAdmins(trx, dialect);
        // The actor may have lost the role while waiting for the lock.
        if (!admins.includes(actor.id_usuario)) throw fail(403, 'sin_permiso', language);
        return change(trx, admins);
      });
    } catch (error) {
      throw mapUniqueViolation(error, language) ?? error;
    }
  }

  async function targetOf(trx: Transaction<Database>, id_usuario: number, language: Language) {
    const target = await lockActiveUser(trx, dialect, id_usuario);
    if (!target) throw fail(404, 'usuario_no_encontrado', language);
    return target;
  }

  function ensureAnotherAdmin(admins: number[], id_usuario: number, language: Language) {
    if (!admins.some((id) => id !== id_usuario)) throw fail(409, 'ultimo_admin', language);
  }

  return {
    /**
     * Admins list every account; doctors only patient accounts, whatever they ask for without a role
     * (the consultation screen's patient select, whose `id` is POST /api/consultas's
     * pacienteId). A doctor asking for another role is refused.
     */
    /** An admin opens a front-desk account; it logs in like any other, and its home is the day's board. */
    async registerReception(caller: Caller, input: RegistroRecepcion): Promise<{ id_usuario: number }> {
      const { actor, language } = caller;
      const duplicate = duplicateAccountError(await findTakenIdentifiers(db, input.usuario, input.email), language);
      if (duplicate) throw duplicate;
      const contrasena_hash = await hashPassword(input.contrasena);
      const creado_en = clock.now().toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const id_usuario = await insertUser(trx, accountOf(input, { rol: 'recepcion', contrasena_hash, idioma: language, creado_en }));
          await writeAudit(trx, {
            id_usuario: actor.id_usuario,
            rol: actor.rol,
            accion: 'cuenta.registro_recepcion',
            detalle: `usuario ${id_usuario}`,
            ip: caller.address,
            creado_en,
          });
          return { id_usuario };
        });
      } catch (error) {
        throw await accountInsertError(db, error, input, language);
      }
    },

    async listUsers({ actor, language }: Caller, query: UsuariosQuery): Promise<Page<UsuarioLista>> {
      if (actor.rol !== 'admin' && (query.rol ?? 'paciente') !== 'paciente') throw fail(403, 'sin_permiso', language);
      const page = await listUsers(db, dialect, actor.rol === 'admin' ? query : { ...query, rol: 'paciente' });
      return { items: page.items.map(toListItem), total: page.total };
    },

    async listPatients(_caller: Caller, query: PagingQuery): Promise<Page<PacienteLista>> {
      const page = await listPatients(db, dialect, query);
      return {
        total: page.total,
        ...(page.approximate && { approximate: page.approximate }),
        items: page.items.map((row) => ({
          id_paciente: row.id_paciente,
          id_usuario: row.id_usuario,
          nombre: row.nombre,
          apellido1: row.apellido1,
          apellido2: row.apellido2,
          nombre_completo: fullName(row),
          correo: row.correo,
          telefono: row.telefono,
          direccion: addressLine(row),
          fecha_alta: row.fecha_alta,
          estado_actividad: row.estado,
        })),
      };
    },

    async account({ actor, language }: Caller): Promise<MiCuenta> {
      const account = await findAccount(db, actor.id_usuario);
      if (!account) throw fail(404, 'usuario_no_encontrado', language);
      return account;
    },

    /** The caller's own language: their e-mails and reminders are written in it from now on. */
    async setLanguage(caller: Caller, { idioma }: IdiomaCuenta): Promise<MiCuenta> {
      if (!(await setAccountLanguage(db, caller.actor.id_usuario, idioma))) throw fail(404, 'usuario_no_encontrado', caller.language);
      return this.account(caller);
    },

    /**
     * Changes a role. To doctor: the profile is created, or a former one reactivated, marked
     * creado_automaticamente. From doctor: the profile is ended but kept with its agenda. From
     * paciente: their visits still to come are cancelled (endCare). To paciente: the patient record
     * is created if missing. The user's old tokens end.
     */
    async changeRole(caller: Caller, id_usuario: number, input: CambioRol): Promise<UsuarioLista> {
      const { actor, language } = caller;
      if (id_usuario === actor.id_usuario && input.nuevo_rol !== 'admin') {
        throw fail(409, 'no_autodegradar', language);
      }
      if (input.id_especialidad !== undefined && !(await specialtyExists(db, input.id_especialidad))) {
        throw fail(400, 'especialidad_invalida', language);
      }
      const now = clock.now();
      const today = localDate(now, config.timeZone);
      const { notify } = await asAdmin(caller, async (trx, admins) => {
        const target = await targetOf(trx, id_usuario, language);
        const from = target.rol;
        const to = input.nuevo_rol;
        if (from === 'admin' && to !== 'admin') ensureAnotherAdmin(admins, id_usuario, language);

        if (to === 'doctor' && input.numero_colegiado !== undefined && input.id_especialidad !== undefined) {
          const data = { numero_colegiado: input.numero_colegiado, id_especialidad: input.id_especialidad };
          if (await colegiadoTaken(trx, data.numero_colegiado, id_usuario)) {
            throw fail(409, 'colegiado_duplicado', language);
          }
          const existing = await findDoctorOfUser(trx, id_usuario);
          if (!existing) {
            await insertDoctor(trx, { ...data, id_usuario, fecha_alta: today, creado_automaticamente: true });
          } else if (from !== 'doctor') {
            await updateDoctor(trx, existing.id_doctor, { ...data, estado: 'Activo', fecha_baja: null, creado_automaticamente: 1 });
          } else {
            await updateDoctor(trx, existing.id_doctor, data);
          }
        }
        const practice = from === 'doctor' && to !== 'doctor' ? await endPractice(caller, trx, id_usuario) : noOne;
        const care = from === 'paciente' && to !== 'paciente' ? await appointments.endCare(caller, trx, id_usuario) : noOne;
        if (to === 'paciente' && from !== 'paciente') {
          const paciente = await findPatientOfUser(trx, id_usuario);
          if (!paciente) await insertPatient(trx, id_usuario, today);
          else await setPatientState(trx, id_usuario, 'Activo');
        }
        if (from !== to) {
          await setRole(trx, id_usuario, to);
          await endSessionsOf(trx, id_usuario, 'cuenta', now.toISOString());
        }
        await writeAudit(trx, {
          id_usuario: actor.id_usuario,
          rol: actor.rol,
          accion: from === to ? 'usuario.datos_doctor' : 'usuario.rol',
          detalle: `usuario ${id_usuario}: ${from} -> ${to}`,
          ip: caller.address,
          creado_en: now.toISOString(),
        });
        return { notify: afterCommit(practice, care) };
      });
      await notify();
      const updated = await findUserListItem(db, id_usuario);
      if (!updated) throw fail(404, 'usuario_no_encontrado', language);
      return toListItem(updated);
    },

    /** Ends every session of an account: its devices are sent to log in again. */
    async endSessions(caller: Caller, id_usuario: number): Promise<{ cerradas: number }> {
      const { actor } = caller;
      const now = clock.now().toISOString();
      return asAdmin(caller, async (trx) => {
        await targetOf(trx, id_usuario, caller.language);
        const cerradas = await endSessionsOf(trx, id_usuario, 'admin', now);
        await writeAudit(trx, {
          id_usuario: actor.id_usuario,
          rol: actor.rol,
          accion: 'usuario.cerrar_sesiones',
          detalle: `usuario ${id_usuario}: ${cerradas}`,
          ip: caller.address,
          creado_en: now,
        });
        return { cerradas };
      });
    },

    /**
     * Deletes an account: access ends at once and the account leaves every list, while its clinical
     * records and agenda stay (kept by law). A doctor's visits still to come are cancelled and
     * their patients told (endPractice).
     */
    async deleteUser(caller: Caller, id_usuario: number): Promise<void> {
      const { actor, language } = caller;
      if (id_usuario === actor.id_usuario) throw fail(409, 'no_autoeliminar', language);
      const now = clock.now();
      const { notify } = await asAdmin(caller, async (trx, admins) => {
        const target = await targetOf(trx, id_usuario, language);
        if (target.rol === 'admin') ensureAnotherAdmin(admins, id_usuario, language);
        await deactivateUser(trx, id_usuario, now.toISOString());
        await endSessionsOf(trx, id_usuario, 'cuenta', now.toISOString());
        // Each changes nothing for an account without a doctor profile, or without a patient record.
        const practice = await endPractice(caller, trx, id_usuario);
        const care = await appointments.endCare(caller, trx, id_usuario);
        await setPatientState(trx, id_usuario, 'Inactivo');
        // The copies of their name, e-mail and phone that notices keep go with the account.
        await forgetInNotices(trx, id_usuario, now.toISOString());
        await writeAudit(trx, {
          id_usuario: actor.id_usuario,
          rol: actor.rol,
          accion: 'usuario.eliminar',
          detalle: `usuario ${id_usuario} (${target.rol})`,
          ip: caller.address,
          creado_en: now.toISOString(),
        });
        return { notify: afterCommit(practice, care) };
      });
      await notify();
    },
  };
}
