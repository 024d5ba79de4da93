import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AvisoCita, AvisoDoctor } from '../../../contracts/notices.ts';
import type { NoticeData } from './notice-data.ts';
import type { Database } from '../../db/schema/index.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { listDoctorNotices, listVisitNotices } from './notices.repository.ts';

/** A visit's patient and doctor, read by the appointments module, which owns visits. */
export type VisitOwners = (db: Kysely<Database>, id_cita: number) => Promise<{ id_paciente: number; id_doctor: number } | undefined>;

/** The messages about a visit, for its patient, its doctor, the desk and administrators. */
export async function visitNotices(app: FastifyInstance, owners: VisitOwners, caller: Caller, id_cita: number): Promise<AvisoCita[]> {
  const visit = await owners(app.db, id_cita);
  if (!visit) throw fail(404, 'cita_no_encontrada', caller.language);
  const { actor } = caller;
  const allowed =
    actor.rol === 'admin' ||
    actor.rol === 'recepcion' ||
    (actor.rol === 'paciente' && actor.id_paciente === visit.id_paciente) ||
    (actor.rol === 'doctor' && actor.id_doctor === visit.id_doctor);
  if (!allowed) throw fail(403, 'sin_permiso', caller.language);
  return listVisitNotices(app.db, id_cita);
}

/** A doctor's home lists what they were told of in the last week. */
const DOCTOR_NOTICE_DAYS = 7;

/** The notices the calling doctor got lately: who cancelled, moved or left, and the visit's time. */
export async function doctorNotices(app: FastifyInstance, caller: Caller): Promise<AvisoDoctor[]> {
  if (caller.actor.rol !== 'doctor' || caller.actor.id_doctor === null) throw fail(403, 'sin_permiso', caller.language);
  const since = new Date(app.clock.now().getTime() - DOCTOR_NOTICE_DAYS * 86_400_000).toISOString();
  const rows = await listDoctorNotices(app.db, caller.actor.id_doctor, since, 20);
  return rows.flatMap((row) => {
    const data = JSON.parse(row.datos) as Partial<NoticeData>;
    if (!data.visit || (row.tipo !== 'doctor_cancelada' && row.tipo !== 'doctor_cambiada' && row.tipo !== 'doctor_baja_paciente')) return [];
    return [
      {
        id_notificacion: row.id_notificacion,
        id_cita: row.id_cita,
        tipo: row.tipo,
        paciente: `${data.visit.paciente_nombre} ${data.visit.paciente_apellido1}`.trim(),
        fecha: data.visit.fecha,
        hora: data.visit.hora.slice(0, 5),
        creado_en: row.creado_en,
      },
    ];
  });
}
