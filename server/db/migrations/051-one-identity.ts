import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * One identity per person: usernames and e-mails share one namespace.
 * `identificadores` holds every account's lower-cased e-mail and username under one primary key, so
 * no username can equal another account's e-mail (or two accounts share either) whatever the
 * interleaving of concurrent sign-ups: the database refuses the second one. Log-in and password
 * reset look an identifier up here and so find one account at most.
 *
 * Triggers on `usuarios` keep the table, so every writer (the app, create-admin, the seeds, a
 * restore) is covered. Existing data never makes this migration fail: e-mails are claimed first,
 * oldest account first, then usernames; an identifier already claimed (a username someone chose
 * equal to another person's e-mail, the account takeover this prevents) is simply not added, and its account
 * still logs in with its own e-mail.
 */
export const oneIdentity: GalenoMigration = {
  async up({ db, dialect }) {
    await db.schema
      .createTable('identificadores')
      .addColumn('identificador', 'text', (c) => c.primaryKey())
      .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('identificadores_usuario').on('identificadores').column('id_usuario').execute();

    // `where true`: SQLite needs it to read `on conflict` after a select.
    await sql`insert into identificadores (identificador, id_usuario)
      select lower(correo), id_usuario from usuarios where true order by id_usuario
      on conflict do nothing`.execute(db);
    await sql`insert into identificadores (identificador, id_usuario)
      select lower(nombre_usuario), id_usuario from usuarios where true order by id_usuario
      on conflict do nothing`.execute(db);

    if (dialect === 'sqlite') {
      await sql
        .raw(
          `create trigger identificadores_alta after insert on usuarios
           begin
             insert into identificadores (identificador, id_usuario) values (lower(new.correo), new.id_usuario);
             insert into identificadores (identificador, id_usuario)
               select lower(new.nombre_usuario), new.id_usuario where lower(new.nombre_usuario) <> lower(new.correo);
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger identificadores_cambio after update of correo, nombre_usuario on usuarios
           when old.correo is not new.correo or old.nombre_usuario is not new.nombre_usuario
           begin
             delete from identificadores where id_usuario = new.id_usuario;
             insert into identificadores (identificador, id_usuario) values (lower(new.correo), new.id_usuario);
             insert into identificadores (identificador, id_usuario)
               select lower(new.nombre_usuario), new.id_usuario where lower(new.nombre_usuario) <> lower(new.correo);
           end`,
        )
        .execute(db);
      return;
    }

    await sql
      .raw(
        `create function identificadores_cuenta() returns trigger language plpgsql as $$
         begin
           if tg_op = 'UPDATE' then
             delete from identificadores where id_usuario = new.id_usuario;
           end if;
           insert into identificadores (identificador, id_usuario) values (lower(new.correo), new.id_usuario);
           if lower(new.nombre_usuario) <> lower(new.correo) then
             insert into identificadores (identificador, id_usuario) values (lower(new.nombre_usuario), new.id_usuario);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger identificadores_alta after insert on usuarios
         for each row execute function identificadores_cuenta()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger identificadores_cambio after update of correo, nombre_usuario on usuarios
         for each row when (old.correo is distinct from new.correo or old.nombre_usuario is distinct from new.nombre_usuario)
         execute function identificadores_cuenta()`,
      )
      .execute(db);
  },
};
