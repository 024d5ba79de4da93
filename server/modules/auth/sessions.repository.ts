import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, MotivoFinSesion } from '../../db/schema/index.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { advanceTokenVersion } from '../accounts/index.ts';
import { sessionColumns, type SessionRow } from './auth.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewSession {
  id_usuario: number;
  creada_en: string;
  caduca_en: string;
  dispositivo: string | null;
  direccion: string | null;
  /** The log-in went through the second factor. */
  segundo_factor: 0 | 1;
}

/** The user behind a request together with the state of the session its token names. */
export interface RequestUserRow extends SessionRow {
  ultimo_uso: string;
  caduca_en: string;
  terminada_en: string | null;
  motivo: MotivoFinSesion | null;
  segundo_factor: number;
}

export interface SessionListRow {
  id_sesion: string;
  creada_en: string;
  ultimo_uso: string;
  dispositivo: string | null;
  direccion: string | null;
}

/** Starts a session and returns its id (192 random bits, base64url). */
export async function insertSession(db: Db, session: NewSession): Promise<string> {
  const id_sesion = randomBytes(24).toString('base64url');
  await db
    .insertInto('sesiones')
    .values({ id_sesion, ...session, ultimo_uso: session.creada_en, terminada_en: null, motivo: null })
    .execute();
  return id_sesion;
}

/** Rows whose token has expired anyway tell nobody anything any more. */
export async function deleteExpiredSessions(db: Db, id_usuario: number, now: string): Promise<void> {
  await db.deleteFrom('sesiones').where('id_usuario', '=', id_usuario).where('caduca_en', '<', now).execute();
}

const requestUserQuery = compiledOnce((db, id_usuario: number, id_sesion: string) =>
  db
    .selectFrom('usuarios as u')
    .innerJoin('sesiones as s', (join) => join.onRef('s.id_usuario', '=', 'u.id_usuario').on('s.id_sesion', '=', id_sesion))
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .leftJoin('doctores as d', 'd.id_usuario', 'u.id_usuario')
    .select(sessionColumns)
    .select(['s.ultimo_uso', 's.caduca_en', 's.terminada_en', 's.motivo', 's.segundo_factor'])
    .where('u.id_usuario', '=', id_usuario),
);

/** The hot path, on every request: the user and their session in one round trip (primary key join). */
export async function findRequestUser(db: Db, id_usuario: number, id_sesion: string): Promise<RequestUserRow | undefined> {
  return (await requestUserQuery(db, id_usuario, id_sesion)).rows[0];
}

/** Whether a session went through the second factor (a password change carries it to the new one). */
export async function sessionPassedSecondFactor(db: Db, id_sesion: string): Promise<boolean> {
  const row = await db.selectFrom('sesiones').select('segundo_factor').where('id_sesion', '=', id_sesion).executeTakeFirst();
  return row?.segundo_factor === 1;
}

/** The owner enrolled from this session: it now counts as having passed the second factor. */
export async function markSessionSecondFactor(db: Db, id_sesion: string): Promise<void> {
  await db.updateTable('sesiones').set({ segundo_factor: 1 }).where('id_sesion', '=', id_sesion).execute();
}

/** Records use; the caller only asks when the stored time is about a minute old. */
export async function touchSession(db: Db, id_sesion: string, now: string): Promise<void> {
  await db.updateTable('sesiones').set({ ultimo_uso: now }).where('id_sesion', '=', id_sesion).where('terminada_en', 'is', null).execute();
}

/** The user's live sessions: not ended, not expired, used after `usedAfter`. Most recent first. */
export async function listLiveSessions(db: Db, id_usuario: number, now: string, usedAfter: string): Promise<SessionListRow[]> {
  return db
    .selectFrom('sesiones')
    .select(['id_sesion', 'creada_en', 'ultimo_uso', 'dispositivo', 'direccion'])
    .where('id_usuario', '=', id_usuario)
    .where('terminada_en', 'is', null)
    .where('caduca_en', '>', now)
    .where('ultimo_uso', '>', usedAfter)
    .orderBy('ultimo_uso', 'desc')
    .orderBy('id_sesion')
    .execute();
}

export async function findSessionOwner(db: Db, id_sesion: string): Promise<number | undefined> {
  const row = await db.selectFrom('sesiones').select('id_usuario').where('id_sesion', '=', id_sesion).executeTakeFirst();
  return row?.id_usuario;
}

/** Ends one session (no change if it had already ended). */
export async function endSession(db: Db, id_sesion: string, motivo: MotivoFinSesion, now: string): Promise<void> {
  await db
    .updateTable('sesiones')
    .set({ terminada_en: now, motivo })
    .where('id_sesion', '=', id_sesion)
    .where('terminada_en', 'is', null)
    .execute();
}

/**
 * Ends every live session of a user, but `except` if given; answers how many ended. Every reason to
 * end them all (a new password, an administrator's order, a second factor enrolled, a new role)
 * also ends the secrets that stand in for a log-in, such as a calendar-feed address: the account's
 * token version moves on.
 */
export async function endSessionsOf(
  db: Db,
  id_usuario: number,
  motivo: MotivoFinSesion,
  now: string,
  except?: string,
): Promise<number> {
  await advanceTokenVersion(db, id_usuario);
  const result = await db
    .updateTable('sesiones')
    .set({ terminada_en: now, motivo })
    .where('id_usuario', '=', id_usuario)
    .where('terminada_en', 'is', null)
    .$if(except !== undefined, (qb) => qb.where('id_sesion', '!=', except!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
