import type { Kysely, Transaction } from 'kysely';
import { personalDataColumns, personalProfileOf } from '../accounts/index.ts';
import type { PerfilPaciente } from '../../../contracts/patient.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function findPatientAccount(db: Db, id_paciente: number) {
  return db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select([
      'p.id_paciente',
      'u.id_usuario',
      'u.nombre_usuario',
      ...personalDataColumns,
      'p.estado',
      'p.fecha_alta',
    ])
    .where('p.id_paciente', '=', id_paciente)
    .executeTakeFirst();
}

export type PatientAccount = NonNullable<Awaited<ReturnType<typeof findPatientAccount>>>;

/** The profile in the spec's shape (section 3). */
export function profileOf(account: PatientAccount): PerfilPaciente {
  return {
    usuario: personalProfileOf(account),
    estado: account.estado,
    fecha_alta: account.fecha_alta,
  };
}
