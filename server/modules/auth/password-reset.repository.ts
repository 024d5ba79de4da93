import type { Kysely, Transaction } from 'kysely';
import type { Database, Rol } from '../../db/schema/index.ts';
import { identifierQuery } from '../accounts/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ResetAccount {
  id_usuario: number;
  nombre_usuario: string;
  correo: string;
  nombre: string;
  rol: Rol;
  idioma: 'es' | 'ca' | 'en';
  id_paciente: number | null;
}

function accountQuery(db: Db) {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .select(['u.id_usuario', 'u.nombre_usuario', 'u.correo', 'u.nombre', 'u.rol', 'u.idioma', 'p.id_paciente'])
    .where('u.activo', '=', 1);
}

/** The active account a username or e-mail names, as at log-in (one namespace, migration 051). */
export async function findResetAccount(db: Db, identifier: string): Promise<ResetAccount | undefined> {
  return identifierQuery(db, identifier)
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .select(['u.id_usuario', 'u.nombre_usuario', 'u.correo', 'u.nombre', 'u.rol', 'u.idioma', 'p.id_paciente'])
    .where('u.activo', '=', 1)
    .executeTakeFirst();
}

export async function findResetAccountById(db: Db, id_usuario: number): Promise<ResetAccount | undefined> {
  return accountQuery(db).where('u.id_usuario', '=', id_usuario).executeTakeFirst();
}

export async function countResetsSince(db: Db, id_usuario: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('restablecimientos_contrasena')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('id_usuario', '=', id_usuario)
    .where('creado_en', '>=', since)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function insertReset(
  db: Db,
  row: { id_usuario: number; hash_token: string; creado_en: string; caduca_en: string },
): Promise<void> {
  await db.insertInto('restablecimientos_contrasena').values({ ...row, usado_en: null }).execute();
}

export interface ResetLink {
  id_restablecimiento: number;
  id_usuario: number;
  caduca_en: string;
  usado_en: string | null;
  nombre_usuario: string;
  activo: number;
}

export async function findResetByHash(db: Db, hash_token: string): Promise<ResetLink | undefined> {
  return db
    .selectFrom('restablecimientos_contrasena as r')
    .innerJoin('usuarios as u', 'u.id_usuario', 'r.id_usuario')
    .select(['r.id_restablecimiento', 'r.id_usuario', 'r.caduca_en', 'r.usado_en', 'u.nombre_usuario', 'u.activo'])
    .where('r.hash_token', '=', hash_token)
    .executeTakeFirst();
}

/**
 * Uses up one link, only if nobody has used it yet: of two requests racing with the same link,
 * one gets true.
 */
export async function useReset(db: Db, id_restablecimiento: number, usado_en: string): Promise<boolean> {
  const result = await db
    .updateTable('restablecimientos_contrasena')
    .set({ usado_en })
    .where('id_restablecimiento', '=', id_restablecimiento)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every other link the user still holds: after a reset, older e-mails no longer work. */
export async function endOpenResets(db: Db, id_usuario: number, usado_en: string): Promise<void> {
  await db
    .updateTable('restablecimientos_contrasena')
    .set({ usado_en })
    .where('id_usuario', '=', id_usuario)
    .where('usado_en', 'is', null)
    .execute();
}

/** The password reset links asked for the account: their dates only, never the token's hash. */
export async function listPasswordResets(db: Db, id_usuario: number) {
  return db
    .selectFrom('restablecimientos_contrasena')
    .select(['creado_en', 'caduca_en', 'usado_en'])
    .where('id_usuario', '=', id_usuario)
    .orderBy('creado_en')
    .orderBy('id_restablecimiento')
    .execute();
}
