import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.ts';
import type { Archivo, TipoArchivo } from '../../../contracts/files.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Where a client downloads an attachment (with its bearer token; never a public address). */
export const downloadUrl = (id_archivo: number) => `/api/archivos/${id_archivo}`;

export interface NewAttachment {
  id_paciente: number;
  nombre: string;
  tipo: TipoArchivo;
  tamano: number;
  ruta: string;
  fecha_subida: string;
  subido_por: number;
}

export async function insertAttachment(db: Db, attachment: NewAttachment): Promise<number> {
  const row = await db.insertInto('archivos').values(attachment).returning('id_archivo').executeTakeFirstOrThrow();
  return row.id_archivo;
}

/** A patient's attachments, newest first, as clients see them (no storage path). */
export async function listAttachments(db: Db, id_paciente: number): Promise<Archivo[]> {
  const rows = await db
    .selectFrom('archivos')
    .select(['id_archivo', 'nombre', 'tipo', 'tamano', 'fecha_subida'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_subida', 'desc')
    .orderBy('id_archivo', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    tipo: row.tipo as TipoArchivo,
    tamano: Number(row.tamano),
    url: downloadUrl(row.id_archivo),
  }));
}

export async function findAttachment(db: Db, id_archivo: number) {
  return db.selectFrom('archivos').selectAll().where('id_archivo', '=', id_archivo).executeTakeFirst();
}

export async function deleteAttachment(db: Db, id_archivo: number): Promise<void> {
  await db.deleteFrom('archivos').where('id_archivo', '=', id_archivo).execute();
}

/** Bytes a patient's attachments take. */
export async function attachmentBytes(db: Db, id_paciente: number): Promise<number> {
  const row = await db
    .selectFrom('archivos')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tamano'), eb.val(0)).as('total'))
    .where('id_paciente', '=', id_paciente)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Serialises uploads to one patient's file until the transaction ends, so two at once cannot both
 * pass the storage quota. SQLite runs one write transaction at a time already.
 */
export async function lockPatientAttachments(trx: Transaction<Database>, dialect: DialectName, id_paciente: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ATTACHMENTS_LOCK}, ${id_paciente})`.execute(trx);
}
const ATTACHMENTS_LOCK = 5501;

/** The attachments as the doctor's record lists them (newest first). */
export async function listRecordAttachments(db: Db, id_paciente: number) {
  return db
    .selectFrom('archivos')
    .select(['id_archivo', 'nombre', 'tipo', 'fecha_subida'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_subida', 'desc')
    .execute();
}
