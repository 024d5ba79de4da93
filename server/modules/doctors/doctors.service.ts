import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DoctorPerfil, RegistroDoctor } from '../../../contracts/doctors.ts';
import type { Database } from '../../db/schema/index.ts';
import { localDate } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../lib/request-context.ts';
import { writeAudit } from '../audit/index.ts';
import { accountInsertError, duplicateAccountError, accountOf, findTakenIdentifiers, insertUser, personalProfileOf } from '../accounts/index.ts';
import { specialtyExists } from '../specialties/index.ts';
import { colegiadoTaken, endDoctorProfile, findDoctorProfile, insertDoctor } from './doctors.repository.ts';

export function createDoctorsService(app: FastifyInstance) {
  const { db, clock, config } = app;

  return {
    /** A doctor leaves the clinic, inside the admin's transaction: their profile is ended today. */
    async endProfile(trx: Transaction<Database>, id_usuario: number): Promise<void> {
      await endDoctorProfile(trx, id_usuario, localDate(clock.now(), config.timeZone));
    },

    /** An admin registers a doctor account with its profile (spec section 3, rules of section 5). */
    async register(caller: Caller, input: RegistroDoctor): Promise<{ id_usuario: number; id_doctor: number }> {
      const { actor, language } = caller;
      const duplicate = duplicateAccountError(await findTakenIdentifiers(db, input.usuario, input.email), language);
      if (duplicate) throw duplicate;
      if (await colegiadoTaken(db, input.colegiado)) throw fail(409, 'colegiado_duplicado', language);
      if (!(await specialtyExists(db, input.id_especialidad))) {
        throw fail(400, 'especialidad_invalida', language);
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
            ip: caller.address,
            creado_en: now.toISOString(),
          });
          return { id_usuario, id_doctor };
        });
      } catch (error) {
        throw await accountInsertError(db, error, input, language);
      }
    },

    /** The logged-in doctor's own profile (read-only). */
    async profile({ actor, language }: Caller): Promise<DoctorPerfil> {
      if (actor.id_doctor === null) throw fail(403, 'sin_perfil_doctor', language);
      const row = await findDoctorProfile(db, actor.id_doctor, language);
      if (!row) throw fail(404, 'no_encontrado', language);
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
