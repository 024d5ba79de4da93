import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * How many active accounts each role has, kept by triggers on `usuarios`, so the user list and the
 * patient list answer their unfiltered totals (X-Total-Count) from one row instead of counting
 * 100,000 index entries on every page. Triggers, not application code: every writer (the app,
 * scripts, a restore, a hand-run UPDATE) keeps the figure right.
 *
 * A role change moves an account between two rows in one statement, so two such changes in
 * opposite directions lock the rows in the same order and cannot deadlock on PostgreSQL.
 */
export const activeAccountCounts: GalenoMigration = {
  async up({ db, dialect }) {
    await db.schema
      .createTable('cuentas_activas')
      .addColumn('rol', 'text', (c) => c.primaryKey())
      .addColumn('total', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into cuentas_activas (rol, total)
      select r.rol, (select count(*) from usuarios u where u.rol = r.rol and u.activo = 1)
      from (select 'paciente' as rol union all select 'doctor' union all select 'admin' union all select 'recepcion') r`.execute(db);

    // +1 for the row the account now counts in, -1 for the one it counted in.
    const delta = (added: string, removed: string) =>
      `total = total + (case when ${added} then 1 else 0 end) - (case when ${removed} then 1 else 0 end)`;

    if (dialect === 'sqlite') {
      await sql
        .raw(
          `create trigger cuentas_activas_alta after insert on usuarios when new.activo = 1
           begin update cuentas_activas set total = total + 1 where rol = new.rol; end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger cuentas_activas_borrado after delete on usuarios when old.activo = 1
           begin update cuentas_activas set total = total - 1 where rol = old.rol; end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger cuentas_activas_cambio after update of rol, activo on usuarios
           when old.rol is not new.rol or old.activo is not new.activo
           begin
             update cuentas_activas
             set ${delta('rol = new.rol and new.activo = 1', 'rol = old.rol and old.activo = 1')}
             where rol in (old.rol, new.rol);
           end`,
        )
        .execute(db);
      return;
    }

    await sql
      .raw(
        `create function cuentas_activas_recuento() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' then
             update cuentas_activas set total = total + 1 where rol = new.rol and new.activo = 1;
           elsif tg_op = 'DELETE' then
             update cuentas_activas set total = total - 1 where rol = old.rol and old.activo = 1;
           else
             update cuentas_activas
             set ${delta('rol = new.rol and new.activo = 1', 'rol = old.rol and old.activo = 1')}
             where rol in (old.rol, new.rol);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger cuentas_activas_recuento after insert or delete on usuarios
         for each row execute function cuentas_activas_recuento()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger cuentas_activas_cambio after update of rol, activo on usuarios
         for each row when (old.rol is distinct from new.rol or old.activo is distinct from new.activo)
         execute function cuentas_activas_recuento()`,
      )
      .execute(db);
  },
};
