import type { Kysely, Transaction } from 'kysely';
import type { Consulta } from '../../../contracts/consultations.ts';
import type { FichaClinica, Historia, Seccion } from '../../../contracts/records.ts';
import type { Database } from '../../db/schema/index.ts';
import { fullName } from '../../lib/names.ts';
import { consultasQuery, toConsulta } from '../consultations/index.ts';

/**
 * Reads and writes of a patient's clinical file. The read functions serve both the doctor's record
 * (this module) and the patient's own file (GET /api/paciente/...).
 */

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;
/**
 * The five section tables share a shape (id, id_paciente, creado_por, creado_en, fields), so one
 * set of queries serves them all: they are typed as one generic table named by `tableOf`.
 */
type SectionDb = Kysely<{ seccion: Row }> | Transaction<{ seccion: Row }>;
const tableOf = (section: Seccion) => section as unknown as 'seccion';

/** Each section's id column and the fields a doctor writes, in the spec's order. */
export const SECTION_COLUMNS: Record<Seccion, { id: string; fields: readonly string[] }> = {
  alergias: { id: 'id_alergia', fields: ['nombre', 'fecha_diagnostico', 'observaciones'] },
  enfermedades: { id: 'id_enfermedad', fields: ['nombre', 'tipo', 'fecha_diagnostico', 'observaciones', 'activa'] },
  discapacidades: { id: 'id_discapacidad', fields: ['tipo', 'porcentaje', 'fecha_diagnostico', 'descripcion'] },
  habitos: { id: 'id_habito', fields: ['nombre', 'frecuencia', 'duracion', 'observaciones'] },
  vacunas: { id: 'id_vacuna', fields: ['nombre', 'fecha_aplicacion', 'dosis', 'descripcion'] },
};

const sectionDb = (db: Db) => db as unknown as SectionDb;

/** Stored form of an entry: missing values are null, booleans 0/1. */
function toStored(section: Seccion, input: Row): Row {
  return Object.fromEntries(
    SECTION_COLUMNS[section].fields.map((field) => {
      const value = input[field];
      if (typeof value === 'boolean') return [field, value ? 1 : 0];
      return [field, value ?? null];
    }),
  );
}

/** Shown form of a stored entry: its id, fields and creation time; 0/1 flags back to booleans. */
function toShown(section: Seccion, row: Row): Row {
  const { id, fields } = SECTION_COLUMNS[section];
  const shown: Row = { [id]: row[id], creado_en: row.creado_en };
  for (const field of fields) shown[field] = field === 'activa' ? row[field] === 1 || row[field] === true : row[field];
  return shown;
}

/** One section of a patient's file, oldest entry first. */
export async function listSection<S extends Seccion>(db: Db, section: S, id_paciente: number): Promise<FichaClinica[S]> {
  const rows = await sectionDb(db)
    .selectFrom(tableOf(section))
    .selectAll()
    .where('id_paciente', '=', id_paciente)
    .orderBy(SECTION_COLUMNS[section].id)
    .execute();
  return rows.map((row) => toShown(section, row)) as FichaClinica[S];
}

export async function findEntry(db: Db, section: Seccion, id: number): Promise<{ id_paciente: number; row: Row } | undefined> {
  const row = await sectionDb(db).selectFrom(tableOf(section)).selectAll().where(SECTION_COLUMNS[section].id, '=', id).executeTakeFirst();
  return row ? { id_paciente: Number(row.id_paciente), row: toShown(section, row) } : undefined;
}

export async function insertEntry(
  db: Db,
  section: Seccion,
  values: { id_paciente: number; creado_por: number; creado_en: string; input: Row },
): Promise<number> {
  const { id } = SECTION_COLUMNS[section];
  const row = await sectionDb(db)
    .insertInto(tableOf(section))
    .values({ ...toStored(section, values.input), id_paciente: values.id_paciente, creado_por: values.creado_por, creado_en: values.creado_en })
    .returning(id)
    .executeTakeFirstOrThrow();
  return Number(row[id]);
}

/** Replaces an entry's fields (a correction); the author and creation time stay. */
export async function updateEntry(db: Db, section: Seccion, id: number, input: Row): Promise<void> {
  await sectionDb(db).updateTable(tableOf(section)).set(toStored(section, input)).where(SECTION_COLUMNS[section].id, '=', id).execute();
}

/** A patient's consultations with every doctor, newest first. */
export async function listPatientConsultas(db: Db, id_paciente: number): Promise<Consulta[]> {
  const rows = await consultasQuery(db)
    .where('c.id_paciente', '=', id_paciente)
    .orderBy('c.fecha', 'desc')
    .orderBy('c.hora', 'desc')
    .orderBy('c.id_consulta', 'desc')
    .execute();
  return rows.map(toConsulta);
}

/** The patient's clinical file: every section, the last finished consultation and the attachments. */
export async function loadMedicalFile(db: Db, id_paciente: number): Promise<FichaClinica> {
  const [alergias, enfermedades, discapacidades, habitos, vacunas] = [
    await listSection(db, 'alergias', id_paciente),
    await listSection(db, 'enfermedades', id_paciente),
    await listSection(db, 'discapacidades', id_paciente),
    await listSection(db, 'habitos', id_paciente),
    await listSection(db, 'vacunas', id_paciente),
  ];
  const last = await consultasQuery(db)
    .where('c.id_paciente', '=', id_paciente)
    .where('c.estado', '=', 'finalizada')
    .orderBy('c.fecha', 'desc')
    .orderBy('c.hora', 'desc')
    .orderBy('c.id_consulta', 'desc')
    .executeTakeFirst();
  const lastShown = last && toConsulta(last);
  const archivos = await db
    .selectFrom('archivos')
    .select(['id_archivo', 'nombre', 'tipo', 'fecha_subida'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_subida', 'desc')
    .execute();
  return {
    alergias,
    enfermedades,
    discapacidades,
    habitos,
    vacunas,
    ultima_consulta: lastShown
      ? {
          fecha: lastShown.fecha,
          motivo: lastShown.motivo,
          diagnostico: lastShown.diagnostico,
          recomendaciones: lastShown.recomendaciones,
          doctor: lastShown.doctor,
        }
      : null,
    archivos,
  };
}

/** Who the patient is, as the record's header shows it. */
export async function findPatientSummary(db: Db, id_paciente: number): Promise<Historia['paciente'] | undefined> {
  const row = await db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select([
      'p.id_paciente',
      'p.estado',
      'p.fecha_alta',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
      'u.dni',
      'u.nacimiento',
      'u.sexo',
      'u.correo',
      'u.telefono',
    ])
    .where('p.id_paciente', '=', id_paciente)
    .executeTakeFirst();
  if (!row) return undefined;
  const { nombre, apellido1, apellido2, ...rest } = row;
  return { ...rest, nombre: fullName({ nombre, apellido1, apellido2 }) };
}

/** A patient's appointments with one doctor, newest first. */
export async function listAppointmentsWith(db: Db, id_paciente: number, id_doctor: number): Promise<Historia['citas']> {
  const rows = await db
    .selectFrom('citas')
    .select(['id_cita', 'fecha', 'hora', 'motivo', 'estado', 'asistencia'])
    .where('id_paciente', '=', id_paciente)
    .where('id_doctor', '=', id_doctor)
    .orderBy('fecha', 'desc')
    .orderBy('hora', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, hora: row.hora.slice(0, 5) }));
}

/** Records a doctor's stated reason to open a patient's record until `caduca_en` (break the glass). */
export async function insertEmergencyAccess(
  db: Db,
  values: { id_doctor: number; id_paciente: number; motivo: string; creado_en: string; caduca_en: string },
): Promise<void> {
  await db.insertInto('accesos_urgentes').values(values).execute();
}

/** Whether the doctor holds a stated reason for this patient's record that is still valid at `now`. */
export async function hasEmergencyAccess(db: Db, id_doctor: number, id_paciente: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('accesos_urgentes')
    .select('id_acceso')
    .where('id_doctor', '=', id_doctor)
    .where('id_paciente', '=', id_paciente)
    .where('caduca_en', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}
