import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * Substring search on `usuarios.busqueda` (name, surnames, username and e-mail, lower-case and
 * accent-free) that stays fast with a big clinic: a trigram index on each database.
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over the column (external content, kept in
 *   step by triggers). A quoted phrase of 3+ characters matches exactly the rows whose text
 *   contains it, the same answer as `like '%…%'` without reading every row.
 * - PostgreSQL: a GIN index with pg_trgm's operator class, which serves `like '%…%'` directly.
 *   The extension goes to the `public` schema (or stays where it already is) so that it outlives
 *   the per-test schemas; where it cannot be installed the search still works, only unindexed.
 *
 * Plus an index for the unfiltered lists, which are sorted by that same text.
 */
export const userSearchIndex: GalenoMigration = {
  async up({ db, dialect }) {
    await db.schema.createIndex('usuarios_rol_busqueda').on('usuarios').columns(['rol', 'activo', 'busqueda']).execute();

    if (dialect === 'sqlite') {
      await sql`create virtual table usuarios_busqueda using fts5(
        busqueda, content='usuarios', content_rowid='id_usuario', tokenize='trigram')`.execute(db);
      await sql`create trigger usuarios_busqueda_insert after insert on usuarios begin
        insert into usuarios_busqueda(rowid, busqueda) values (new.id_usuario, new.busqueda);
      end`.execute(db);
      await sql`create trigger usuarios_busqueda_delete after delete on usuarios begin
        insert into usuarios_busqueda(usuarios_busqueda, rowid, busqueda) values ('delete', old.id_usuario, old.busqueda);
      end`.execute(db);
      await sql`create trigger usuarios_busqueda_update after update of busqueda on usuarios begin
        insert into usuarios_busqueda(usuarios_busqueda, rowid, busqueda) values ('delete', old.id_usuario, old.busqueda);
        insert into usuarios_busqueda(rowid, busqueda) values (new.id_usuario, new.busqueda);
      end`.execute(db);
      await sql`insert into usuarios_busqueda(usuarios_busqueda) values ('rebuild')`.execute(db);
      return;
    }

    const schema = await trigramSchema(db);
    if (!schema) return;
    await sql`create index usuarios_busqueda_trgm on usuarios using gin (busqueda ${sql.raw(`${quoteIdent(schema)}.gin_trgm_ops`)})`.execute(db);
  },
};

type AnyDb = Parameters<GalenoMigration['up']>[0]['db'];

/** The schema holding pg_trgm, installing it when possible; undefined when it is not available. */
async function trigramSchema(db: AnyDb): Promise<string | undefined> {
  const find = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const installed = await find();
  if (installed) return installed;
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return undefined;
  // Several servers (or test files) may migrate at once: one installs, the others wait and see it.
  await sql`select pg_advisory_xact_lock(hashtext('galeno:pg_trgm'))`.execute(db);
  await sql`savepoint galeno_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint galeno_trgm`.execute(db);
  } catch {
    // No right to install extensions: searches stay correct, only without the index.
    await sql`rollback to savepoint galeno_trgm`.execute(db);
    return undefined;
  }
  return find();
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
