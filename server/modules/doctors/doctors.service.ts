import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DoctorPerfil, RegistroDoctor } from '../../../contracts/doctors.ts';
import { apiMessage, type Language } from '../../../contracts/messages/index.ts';
import type { Database } from '../../db/schema/index.ts';
import { localDate } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Actor } from '../../plugins/auth.ts';
import { cancelUpcomingAppointments } from '../agenda/cancel-upcoming.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { accountInsertError, duplicateAccountError, type RequestContext } from '../auth/auth.service.ts';
import { specialtyExists } from '../specialties/specialties.repository.ts';
import { accountOf, findTakenIdentifiers, insertUser, personalProfileOf } from '../users/users.repository.ts';
import { notifyPatientsOfCancellation } from '../reminders/reminders.service.ts';
import { colegiadoTaken, endDoctorProfile, findDoctorProfile, insertDoctor } from './doctors.repository.ts';

const message = (code: string, language: Language) => apiMessage(code, language) ?? code;

export function createDoctorsService(app: FastifyInstance) {
  const { db, clock, config } = app;

  return {
    /**
     * A doctor leaves the clinic (account deleted, or no longer a doctor), inside the admin's
     * transaction: the profile is ended and every appointment still to come with them is
     * cancelled the way a rejection is (slot free, reminder stopped, opened consultation removed),
     * so patients see it Cancelada instead of waiting for a visit nobody will attend. Returns
     * `notify`, to be called after the commit: it e-mails each patient.
     */
    async endPractice(
      trx: Transaction<Database>,
      id_usuario: number,
      actor: Actor,
      context: RequestContext,
    ): Promise<{ cancelled: number[]; notify: () => Promise<void> }> {
      await endDoctorProfile(trx, id_usuario, localDate(clock.now(), config.timeZone));
      const cancelled = await cancelUpcomingAppointments(app, trx, {
        of: { doctorUser: id_usuario },
        actor,
        ip: context.ip,
        accion: 'cita.cancelar_baja_doctor',
        reason: `el doctor (usuario ${id_usuario}) deja la clínica`,
      });
      return { cancelled, notify: () => notifyPatientsOfCancellation(app, cancelled) };
    },

    /** An admin registers a doctor account with its profile (spec section 3, rules of section 5). */
    async register(actor: Actor, input: RegistroDoctor, context: RequestContext): Promise<{ id_usuario: number; id_doctor: number }> {
      const { language } = context;
      const duplicate = duplicateAccountError(await findTakenIdentifiers(db, input.usuario, input.email), language);
      if (duplicate) throw duplicate;
      if (await colegiadoTaken(db, input.colegiado)) throw conflict('colegiado_duplicado', message('colegiado_duplicado', language));
      if (!(await specialtyExists(db, input.id_especialidad))) {
        throw badRequest('especialidad_invalida', message('especialidad_invalida', language));
      }
      const contrasena_hash = await hashPassword(input.contrasena);
      const now = clock.now();
      try {
        return await db.transaction().execute(async (trx) => {
          const id_usuario = await insertUser(
            trx,
            accountOf(input, { rol: 'doctor', contrasena_hash, idioma: language, creado_en: now.toISOString() }),
          );
          const id_doctor = await insertDoctor(trx, {
            id_usuario,
            numero_colegiado: input.colegiado,
            id_especialidad: input.id_especialidad,
            fecha_alta: localDate(now, config.timeZone),
            creado_automaticamente: false,
          });
          await writeAudit(trx, {
            id_usuario: actor.id_usuario,
            rol: actor.rol,
            accion: 'cuenta.registro_doctor',
            detalle: `usuario ${id_usuario}, doctor ${id_doctor}`,
            ip: context.ip,
            creado_en: now.toISOString(),
          });
          return { id_usuario, id_doctor };
        });
      } catch (error) {
        throw await accountInsertError(db, error, input, language);
      }
    },

    /** The logged-in doctor's own profile (read-only). */
    async profile(actor: Actor, language: Language): Promise<DoctorPerfil> {
      if (actor.id_doctor === null) throw forbidden(message('sin_perfil_doctor', language), 'sin_perfil_doctor');
      const row = await findDoctorProfile(db, actor.id_doctor, language);
      if (!row) throw notFound(message('no_encontrado', language), 'no_encontrado');
      return {
        id_doctor: row.id_doctor,
        usuario: personalProfileOf(row),
        numero_colegiado: row.numero_colegiado,
        id_especialidad: row.id_especialidad,
        especialidad: row.especialidad,
        horario: row.horario,
        estado: row.estado,
        fecha_alta: row.fecha_alta,
        fecha_baja: row.fecha_baja,
        creado_automaticamente: row.creado_automaticamente === 1,
      };
    },
  };
}
