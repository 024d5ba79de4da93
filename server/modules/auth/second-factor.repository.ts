import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SecondFactorRow {
  id_usuario: number;
  secreto_cifrado: string;
  activo: number;
  ultimo_paso: number | null;
}

export async function findSecondFactor(db: Db, id_usuario: number): Promise<SecondFactorRow | undefined> {
  const row = await db
    .selectFrom('segundos_factores')
    .select(['id_usuario', 'secreto_cifrado', 'activo', 'ultimo_paso'])
    .where('id_usuario', '=', id_usuario)
    .executeTakeFirst();
  return row && { ...row, activo: Number(row.activo), ultimo_paso: row.ultimo_paso === null ? null : Number(row.ultimo_paso) };
}

/** Whether the account logs in with a code (the check of MFA_REQUIRED_ROLES, plugins/auth.ts). */
export async function hasActiveSecondFactor(db: Db, id_usuario: number): Promise<boolean> {
  const row = await db
    .selectFrom('segundos_factores')
    .select('id_usuario')
    .where('id_usuario', '=', id_usuario)
    .where('activo', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Starts (or starts again) an enrolment with a new secret. An active factor is never replaced:
 * answers false then.
 */
export async function savePendingSecret(db: Db, id_usuario: number, secreto_cifrado: string, creado_en: string): Promise<boolean> {
  const result = await db
    .insertInto('segundos_factores')
    .values({ id_usuario, secreto_cifrado, activo: 0, ultimo_paso: null, creado_en, activado_en: null })
    .onConflict((oc) =>
      oc
        .column('id_usuario')
        .doUpdateSet({ secreto_cifrado, ultimo_paso: null, creado_en })
        .where('segundos_factores.activo', '=', 0),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes the code of time step `paso`: true only if no code of this step or a later one was taken
 * before. One statement, so two requests with the same code cannot both win.
 */
export async function takeTimeStep(db: Db, id_usuario: number, paso: number): Promise<boolean> {
  const result = await db
    .updateTable('segundos_factores')
    .set({ ultimo_paso: paso })
    .where('id_usuario', '=', id_usuario)
    .where((eb) => eb.or([eb('ultimo_paso', 'is', null), eb('ultimo_paso', '<', paso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns a pending enrolment on; false if it was not pending any more. */
export async function activateSecondFactor(db: Db, id_usuario: number, activado_en: string): Promise<boolean> {
  const result = await db
    .updateTable('segundos_factores')
    .set({ activo: 1, activado_en })
    .where('id_usuario', '=', id_usuario)
    .where('activo', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSecondFactor(db: Db, id_usuario: number): Promise<void> {
  await db.deleteFrom('codigos_recuperacion').where('id_usuario', '=', id_usuario).execute();
  await db.deleteFrom('tickets_segundo_factor').where('id_usuario', '=', id_usuario).execute();
  await db.deleteFrom('segundos_factores').where('id_usuario', '=', id_usuario).execute();
}

/** Replaces every recovery code of the account with these (hashes). */
export async function replaceRecoveryCodes(db: Db, id_usuario: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('codigos_recuperacion').where('id_usuario', '=', id_usuario).execute();
  await db
    .insertInto('codigos_recuperacion')
    .values(hashes.map((hash_codigo) => ({ id_usuario, hash_codigo, usado_en: null })))
    .execute();
}

/** Uses a recovery code up; true only the first time (one statement, so two requests cannot both use it). */
export async function useRecoveryCode(db: Db, id_usuario: number, hash_codigo: string, usado_en: string): Promise<boolean> {
  const result = await db
    .updateTable('codigos_recuperacion')
    .set({ usado_en })
    .where('id_usuario', '=', id_usuario)
    .where('hash_codigo', '=', hash_codigo)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Db, id_usuario: number): Promise<number> {
  const row = await db
    .selectFrom('codigos_recuperacion')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('id_usuario', '=', id_usuario)
    .where('usado_en', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertTicket(db: Db, ticket: { hash_ticket: string; id_usuario: number; caduca_en: string }, now: string): Promise<void> {
  // A user's stale tickets go as a new one comes: the table stays small without a sweeper.
  await db.deleteFrom('tickets_segundo_factor').where('id_usuario', '=', ticket.id_usuario).where('caduca_en', '<=', now).execute();
  await db.insertInto('tickets_segundo_factor').values({ ...ticket, intentos: 0 }).execute();
}

export async function findLiveTicket(db: Db, hash_ticket: string, now: string) {
  const row = await db
    .selectFrom('tickets_segundo_factor')
    .select(['id_usuario', 'intentos'])
    .where('hash_ticket', '=', hash_ticket)
    .where('caduca_en', '>', now)
    .executeTakeFirst();
  return row && { id_usuario: row.id_usuario, intentos: Number(row.intentos) };
}

/** Counts a wrong code against a ticket; at `limit` wrong codes the ticket ends. */
export async function ticketFailed(db: Db, hash_ticket: string, limit: number): Promise<void> {
  await db
    .updateTable('tickets_segundo_factor')
    .set((eb) => ({ intentos: eb('intentos', '+', 1) }))
    .where('hash_ticket', '=', hash_ticket)
    .execute();
  await db.deleteFrom('tickets_segundo_factor').where('hash_ticket', '=', hash_ticket).where('intentos', '>=', limit).execute();
}

/** Uses a ticket up; true only the first time. */
export async function useTicket(db: Db, hash_ticket: string): Promise<boolean> {
  const result = await db.deleteFrom('tickets_segundo_factor').where('hash_ticket', '=', hash_ticket).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
