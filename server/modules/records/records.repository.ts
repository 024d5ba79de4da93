import type { Kysely, Transaction } from 'kysely';
import type { Consulta } from '../../../contracts/consultations.ts';
import type { Alergia, Discapacidad, Enfermedad, FichaClinica, Habito, Vacuna } from '../../../contracts/clinical-file.ts';
import type { Historia, Seccion } from '../../../contracts/records.ts';
import type { Database } from '../../db/schema/index.ts';
import { fullName } from '../../../contracts/names.ts';
import { consultasQuery, toConsultation } from '../consultations/index.ts';
import { listRecordAttachments } from '../files/index.ts';

/**
 * Reads and writes of a patient's clinical file: the only module that touches its five section
 * tables. The doctor's record (this module), the patient's own file (patients), the
 * data export and the assistant read them through records/index.ts.
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

// The patient's own file (GET /api/paciente/...): each section newest first, the spec's fields only.
export async function listAllergies(db: Db, id_paciente: number): Promise<Alergia[]> {
  return db
    .selectFrom('alergias')
    .select(['id_alergia', 'nombre', 'fecha_diagnostico', 'observaciones'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_diagnostico', 'desc')
    .orderBy('id_alergia', 'desc')
    .execute();
}

export async function listDiseases(db: Db, id_paciente: number, options: { activeOnly?: boolean } = {}): Promise<Enfermedad[]> {
  let query = db
    .selectFrom('enfermedades')
    .select(['id_enfermedad', 'nombre', 'tipo', 'fecha_diagnostico', 'observaciones', 'activa'])
    .where('id_paciente', '=', id_paciente);
  if (options.activeOnly) query = query.where('activa', '=', 1);
  const rows = await query.orderBy('activa', 'desc').orderBy('fecha_diagnostico', 'desc').orderBy('id_enfermedad', 'desc').execute();
  return rows.map((row) => ({ ...row, activa: Number(row.activa) === 1 }));
}

export async function listDisabilities(db: Db, id_paciente: number): Promise<Discapacidad[]> {
  const rows = await db
    .selectFrom('discapacidades')
    .select(['id_discapacidad', 'tipo', 'porcentaje', 'fecha_diagnostico', 'descripcion'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_diagnostico', 'desc')
    .orderBy('id_discapacidad', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, porcentaje: row.porcentaje === null ? null : Number(row.porcentaje) }));
}

export async function listHabits(db: Db, id_paciente: number): Promise<Habito[]> {
  return db
    .selectFrom('habitos')
    .select(['id_habito', 'nombre', 'frecuencia', 'duracion', 'observaciones'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('id_habito', 'desc')
    .execute();
}

export async function listVaccines(db: Db, id_paciente: number): Promise<Vacuna[]> {
  return db
    .selectFrom('vacunas')
    .select(['id_vacuna', 'nombre', 'fecha_aplicacion', 'dosis', 'descripcion'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_aplicacion', 'desc')
    .orderBy('id_vacuna', 'desc')
    .execute();
}

// The data export: every entry in the order it was written, with who wrote it.
/** The medical file's rows with when they were written and who wrote them (an account id). */
export async function listFileEntries(db: Db, id_paciente: number) {
  const [alergias, enfermedades, discapacidades, habitos, vacunas] = await Promise.all([
    db.selectFrom('alergias').selectAll().where('id_paciente', '=', id_paciente).orderBy('id_alergia').execute(),
    db.selectFrom('enfermedades').selectAll().where('id_paciente', '=', id_paciente).orderBy('id_enfermedad').execute(),
    db
      .selectFrom('discapacidades')
      .selectAll()
      .where('id_paciente', '=', id_paciente)
      .orderBy('id_discapacidad')
      .execute(),
    db.selectFrom('habitos').selectAll().where('id_paciente', '=', id_paciente).orderBy('id_habito').execute(),
    db.selectFrom('vacunas').selectAll().where('id_paciente', '=', id_paciente).orderBy('id_vacuna').execute(),
  ]);
  return { alergias, enfermedades, discapacidades, habitos, vacunas };
}

// The assistant (CHAT_SHARE_CONTEXT): names only.
/** The short clinical summary the model may see when CHAT_SHARE_CONTEXT is on. */
export async function assistantClinicalSummary(
  db: Db,
  id_paciente: number,
): Promise<{ alergias: string[]; enfermedades: string[] }> {
  const [alergias, enfermedades] = await Promise.all([
    db
      .selectFrom('alergias')
      .select('nombre')
      .where('id_paciente', '=', id_paciente)
      .orderBy('nombre')
      .limit(20)
      .execute(),
    db
      .selectFrom('enfermedades')
      .select('nombre')
      .where('id_paciente', '=', id_paciente)
      .where('activa', '=', 1)
      .orderBy('nombre')
      .limit(20)
      .execute(),
  ]);
  return { alergias: alergias.map((row) => row.nombre), enfermedades: enfermedades.map((row) => row.nombre) };
}

/** A patient's consultations with every doctor, newest first. */
export async function listPatientConsultations(db: Db, id_paciente: number): Promise<Consulta[]> {
  const rows = await consultasQuery(db)
    .where('c.id_paciente', '=', id_paciente)
    .orderBy('c.fecha', 'desc')
    .orderBy('c.hora', 'desc')
    .orderBy('c.id_consulta', 'desc')
    .execute();
  return rows.map(toConsultation);
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
  const lastShown = last && toConsultation(last);
  const archivos = await listRecordAttachments(db, id_paciente);
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
