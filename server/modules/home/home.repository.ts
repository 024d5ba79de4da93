import type { Kysely } from 'kysely';
import { doctorNameColumns } from '../../db/columns.ts';
import type { Database } from '../../db/schema/index.ts';

import { slotCountsByDoctor } from '../agenda/index.ts';

type Db = Kysely<Database>;

/**
 * The home screens' reads that are not visits (those are the visits module's). Every query walks an
 * index range: agenda_fecha (fecha, tipo, estado, id_doctor) and pacientes_fecha_alta (fecha_alta).
 * Nothing counts a whole table.
 */

/**
 * Patients (still active patient accounts) registered on [from, to]. `exists`, not a join: the
 * month's range of pacientes_fecha_alta drives the query (a join lets SQLite start from all
 * 100,000 patients in usuarios_rol).
 */
export async function countNewPatients(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('pacientes as p')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('p.fecha_alta', '>=', from)
    .where('p.fecha_alta', '<=', to)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('usuarios as u')
          .select('u.id_usuario')
          .whereRef('u.id_usuario', '=', 'p.id_usuario')
          .where('u.rol', '=', 'paciente')
          .where('u.activo', '=', 1),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Per doctor, the consultation slots opened on [from, to] (free or booked) and how many are booked. */
export async function slotOccupancy(db: Db, from: string, to: string) {
  const counts = await slotCountsByDoctor(db, from, to);
  if (counts.length === 0) return [];
  const doctors = await db
    .selectFrom('doctores as d')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select(['d.id_doctor', ...doctorNameColumns])
    .where(
      'd.id_doctor',
      'in',
      counts.map((row) => row.id_doctor),
    )
    .execute();
  const byId = new Map(doctors.map((doctor) => [doctor.id_doctor, doctor]));
  return counts.flatMap((row) => {
    const doctor = byId.get(row.id_doctor);
    return doctor ? [{ ...doctor, abiertos: Number(row.abiertos), reservados: Number(row.reservados ?? 0) }] : [];
  });
}
