import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../contracts/messages/index.ts';
import { tipoNombre } from '../../../contracts/visit-types.ts';
import type { Database } from '../../db/schema/index.ts';
import { fail } from '../../lib/errors.ts';
import { offeredType, offeredTypes, typeForKey, type OfferedType } from '../visit-types/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The type a visit is booked as, and the minutes of the doctor's agenda it holds (null: one slot, as before types). */
export interface ChosenType {
  id_tipo: number;
  clave: string | null;
  minutos: number | null;
}

/** Whether the patient has seen, or is to see, this doctor (a visit the doctor accepted or assigned). */
async function isPatientOfDoctor(db: Db, id_paciente: number, id_doctor: number): Promise<boolean> {
  const row = await db
    .selectFrom('citas')
    .select('id_cita')
    .where('id_paciente', '=', id_paciente)
    .where('id_doctor', '=', id_doctor)
    .where('estado', '=', 'Confirmada')
    .executeTakeFirst();
  return row !== undefined;
}

/** Who books: a patient online is held to the type's rule; staff (the desk, the doctor) book any offered type. */
export type Booker = { staff: true } | { staff: false; id_paciente: number };

function allowed(type: OfferedType, booker: Booker, knownPatient: boolean) {
  if (booker.staff || type.reserva === 'todos') return true;
  return type.reserva === 'pacientes_doctor' && knownPatient;
}

/**
 * The visit type of a booking. Without one, the visit is a 'Consulta' of one slot, as every visit
 * was before types. A type must be active and offered by the doctor; online, its booking rule holds.
 * The minutes held are the doctor's length for it plus the type's buffer.
 */
export async function chooseVisitType(db: Db, id_doctor: number, id_tipo: number | undefined, booker: Booker, language: Language): Promise<ChosenType> {
  if (id_tipo === undefined) {
    const consulta = await typeForKey(db, 'Consulta');
    return { id_tipo: consulta?.id_tipo ?? 1, clave: 'Consulta', minutos: null };
  }
  const found = await offeredType(db, id_doctor, id_tipo);
  if (!found.type) throw fail(found.why === 'tipo_visita_no_ofrecido' ? 409 : 404, found.why, language);
  const type = found.type;
  if (!booker.staff && type.reserva !== 'todos') {
    if (type.reserva === 'personal') throw fail(403, 'tipo_visita_solo_personal', language);
    if (!(await isPatientOfDoctor(db, booker.id_paciente, id_doctor))) throw fail(403, 'tipo_visita_solo_pacientes', language);
  }
  return { id_tipo: type.id_tipo, clave: type.clave, minutos: type.duracion_doctor + type.margen_min };
}

/** The types someone may book with one doctor, named in their language. */
export async function bookableTypes(db: Db, id_doctor: number, booker: Booker, language: Language) {
  const types = await offeredTypes(db, id_doctor);
  const known = !booker.staff && types.some((type) => type.reserva === 'pacientes_doctor') ? await isPatientOfDoctor(db, booker.id_paciente, id_doctor) : false;
  return types
    .filter((type) => allowed(type, booker, known))
    .map((type) => ({
      id_tipo: type.id_tipo,
      nombre: tipoNombre(type, language),
      color: type.color,
      duracion_min: type.duracion_doctor,
      margen_min: type.margen_min,
      instrucciones: type.instrucciones,
      reserva: type.reserva,
    }));
}
