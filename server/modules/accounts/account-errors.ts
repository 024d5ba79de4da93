import type { Kysely } from 'kysely';
import type { Language } from '../../../contracts/messages/index.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema/index.ts';
import { fail, type AppError } from '../../lib/errors.ts';
import { findTakenIdentifiers } from './accounts.repository.ts';

// The accounts table (usuarios) belongs to this module: what a clash on its unique identifiers
// means to the client is decided here, for sign-up (auth), staff accounts (users, doctors) and
// profile changes (patients, files) alike.

/** Refuses a username or e-mail already in use, before and (for races) after the insert. */
export function duplicateAccountError(taken: { username: boolean; email: boolean }, language: Language) {
  if (taken.email) return fail(409, 'correo_duplicado', language);
  if (taken.username) return fail(409, 'usuario_duplicado', language);
  return undefined;
}

export function mapUniqueViolation(error: unknown, language: Language): AppError | undefined {
  const constraint = uniqueViolation(error);
  if (!constraint) return undefined;
  if (constraint.includes('correo')) return duplicateAccountError({ username: false, email: true }, language);
  if (constraint.includes('nombre_usuario')) return duplicateAccountError({ username: true, email: false }, language);
  if (constraint.includes('colegiado')) return fail(409, 'colegiado_duplicado', language);
  return undefined;
}

/**
 * What a failed account insert means to the client. A sign-up that lost a race for an identifier
 * fails in the database (the one namespace of migration 051); which one it lost is read back.
 */
export async function accountInsertError(
  db: Kysely<Database>,
  error: unknown,
  account: { usuario: string; email: string },
  language: Language,
): Promise<unknown> {
  if (uniqueViolation(error)?.includes('identificador')) {
    const taken = await findTakenIdentifiers(db, account.usuario, account.email);
    return duplicateAccountError(taken.email || taken.username ? taken : { username: true, email: false }, language);
  }
  return mapUniqueViolation(error, language) ?? error;
}

