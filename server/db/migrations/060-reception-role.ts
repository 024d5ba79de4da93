import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

const OLD_CHECK = "rol in ('paciente', 'doctor', 'admin')";
const NEW_CHECK = "rol in ('paciente', 'doctor', 'admin', 'recepcion')";

/**
 * The front desk's role. SQLite cannot alter a CHECK constraint; its documented way to loosen one
 * (sqlite.org/lang_altertable.html, "making other kinds of table schema changes") is to rewrite the
 * table's definition in the schema table and bump the schema version, inside the migration's
 * transaction, which is safe because every stored row already satisfies the wider rule.
 */
export const receptionRole: GalenoMigration = {
  async up({ db, dialect, withWritableSqliteSchema }) {
    if (dialect === 'postgres') {
      await sql.raw('alter table usuarios drop constraint usuarios_rol_check').execute(db);
      await sql.raw(`alter table usuarios add constraint usuarios_rol_check check (${NEW_CHECK})`).execute(db);
    } else {
      if (!withWritableSqliteSchema) throw new Error('the SQLite migration needs a writable schema');
      await withWritableSqliteSchema(async () => {
        const { rows } = await sql<{ schema_version: number }>`PRAGMA schema_version`.execute(db);
        const version = Number(rows[0]?.schema_version ?? 0);
        await sql`PRAGMA writable_schema = ON`.execute(db);
        await sql`update sqlite_schema set sql = replace(sql, ${OLD_CHECK}, ${NEW_CHECK})
                  where type = 'table' and name = 'usuarios'`.execute(db);
        await sql.raw(`PRAGMA schema_version = ${version + 1}`).execute(db);
        await sql`PRAGMA writable_schema = OFF`.execute(db);
      });
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = 'usuarios'`.execute(db);
      if (!rows[0]?.sql.includes(NEW_CHECK)) throw new Error('usuarios.rol check was not widened');
    }
    // A database made before 081 gets the role's row there; one made after has it here.
    const tables = await db.introspection.getTables();
    if (tables.some((table) => table.name === 'cuentas_activas')) {
      await sql`insert into cuentas_activas (rol, total)
                select 'recepcion', 0 where not exists (select 1 from cuentas_activas where rol = 'recepcion')`.execute(db);
    }
  },
};
