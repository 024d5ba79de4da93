import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../contracts/messages/index.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

const NAME_COLUMN = { es: 'nombre', ca: 'nombre_ca', en: 'nombre_en' } as const;

/** The catalogue with each specialty's name in one language. */
export async function listSpecialties(db: Db, language: Language): Promise<{ id_especialidad: number; nombre: string }[]> {
  return db
    .selectFrom('especialidades')
    .select(['id_especialidad', `${NAME_COLUMN[language]} as nombre`])
    .execute();
}

export async function specialtyExists(db: Db, id_especialidad: number): Promise<boolean> {
  const row = await db.selectFrom('especialidades').select('id_especialidad').where('id_especialidad', '=', id_especialidad).executeTakeFirst();
  return row !== undefined;
}

/** The name of a specialty in one language, as an expression for queries that join the catalogue. */
export function specialtyNameColumn(language: Language) {
  return `e.${NAME_COLUMN[language]}` as const;
}
