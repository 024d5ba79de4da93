import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/migrations/types.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The doctor's live address, if any: not revoked, and made under the account's token version. */
export async function findLiveLink(db: Db, id_doctor: number) {
  return db
    .selectFrom('enlaces_calendario as l')
    .innerJoin('doctores as d', 'd.id_doctor', 'l.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .select(['l.id_enlace', 'l.creado_en'])
    .where('l.id_doctor', '=', id_doctor)
    .where('l.revocado_en', 'is', null)
    .whereRef('l.version_token', '=', 'u.version_token')
    .orderBy('l.id_enlace', 'desc')
    .executeTakeFirst();
}

/**
 * Holds the doctor's row for the rest of the transaction on PostgreSQL (SQLite has one writer), so
 * two rotations at once leave one live address. NO KEY UPDATE, as hold-slot.ts explains.
 */
export async function lockDoctor(db: Db, id_doctor: number, dialect: DialectName): Promise<void> {
  await db
    .selectFrom('doctores')
    .select('id_doctor')
    .where('id_doctor', '=', id_doctor)
    .$if(dialect === 'postgres', (query) => query.forNoKeyUpdate())
    .executeTakeFirst();
}

/** Ends every live address of the doctor; how many there were. */
export async function revokeLinks(db: Db, id_doctor: number, revocado_en: string): Promise<number> {
  const result = await db
    .updateTable('enlaces_calendario')
    .set({ revocado_en })
    .where('id_doctor', '=', id_doctor)
    .where('revocado_en', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A new address, made under the doctor's account's current token version. */
export async function insertLink(db: Db, link: { id_doctor: number; hash_token: string; creado_en: string }): Promise<void> {
  await db
    .insertInto('enlaces_calendario')
    .values((eb) => ({
      ...link,
      revocado_en: null,
      version_token: eb
        .selectFrom('doctores as d')
        .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
        .select('u.version_token')
        .where('d.id_doctor', '=', link.id_doctor),
    }))
    .execute();
}

/** The doctor a live address belongs to, while they still see patients here. */
export async function findDoctorByLink(db: Db, hash_token: string) {
  return db
    .selectFrom('enlaces_calendario as l')
    .innerJoin('doctores as d', 'd.id_doctor', 'l.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .select(['d.id_doctor', 'u.nombre', 'u.apellido1', 'u.idioma'])
    .where('l.hash_token', '=', hash_token)
    .where('l.revocado_en', 'is', null)
    .whereRef('l.version_token', '=', 'u.version_token')
    .where('d.estado', '=', 'Activo')
    .where('u.activo', '=', 1)
    .where('u.rol', '=', 'doctor')
    .executeTakeFirst();
}

