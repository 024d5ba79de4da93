import type { Kysely, Transaction } from 'kysely';
import { fullName } from '../../../contracts/names.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The audited actions that make a visit: a booking (anyone's) and a doctor's assignment. */
const MAKING_A_VISIT = ['cita.crear', 'consulta.crear'] as const;

/**
 * Who made each of a patient's visits, from the audit entries that recorded it (their detail names
 * the visit: "cita 12, …"): the role and the person's name. The first entry of a visit wins.
 */
export async function appointmentBookers(db: Db, id_paciente: number): Promise<Map<number, { rol: string; nombre: string }>> {
  const rows = await db
    .selectFrom('auditoria as a')
    .leftJoin('usuarios as u', 'u.id_usuario', 'a.id_usuario')
    .select(['a.detalle', 'a.rol', 'u.nombre', 'u.apellido1', 'u.apellido2'])
    .where('a.id_paciente', '=', id_paciente)
    .where('a.accion', 'in', [...MAKING_A_VISIT])
    .orderBy('a.creado_en')
    .orderBy('a.id_auditoria')
    .limit(2000)
    .execute();
  const bookers = new Map<number, { rol: string; nombre: string }>();
  for (const row of rows) {
    const id = Number(/\bcita (\d+)\b/.exec(row.detalle ?? '')?.[1]);
    if (!id || bookers.has(id)) continue;
    bookers.set(id, {
      rol: row.rol ?? '',
      nombre: row.nombre ? fullName({ nombre: row.nombre, apellido1: row.apellido1 ?? '', apellido2: row.apellido2 }) : '',
    });
  }
  return bookers;
}
