// Shared by the tests of a doctor and of a patient leaving the clinic (doctors-leaving,
// patients-leaving): what their visits look like in the database, and a deletion made to fail.
import { sql } from 'kysely';
import type { TestServer } from './test-server.ts';

export const reminderEstado = async (server: TestServer, id_cita: number) =>
  (await server.database.db.selectFrom('recordatorios').select('estado').where('id_cita', '=', id_cita).executeTakeFirstOrThrow()).estado;

export const consultations = async (server: TestServer, id_cita: number) =>
  server.database.db.selectFrom('consultas').select('id_consulta').where('id_cita', '=', id_cita).execute();

/**
 * Runs `attempt` while the database refuses the account deletion's own audit entry, which is
 * written last in its transaction: everything before it must then be rolled back.
 */
export async function withDeletionRefused(server: TestServer, attempt: () => Promise<void>): Promise<void> {
  const db = server.database.db;
  const postgres = server.database.dialect === 'postgres';
  if (postgres) {
    await sql`create function refuse_deletion() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`.execute(db);
    await sql`create trigger refuse_deletion before insert on auditoria for each row when (new.accion = 'usuario.eliminar')
      execute function refuse_deletion()`.execute(db);
  } else {
    await sql`create trigger refuse_deletion before insert on auditoria when new.accion = 'usuario.eliminar'
      begin select raise(abort, 'refused for the test'); end`.execute(db);
  }
  try {
    await attempt();
  } finally {
    await sql`drop trigger refuse_deletion${postgres ? sql` on auditoria` : sql``}`.execute(db);
    if (postgres) await sql`drop function refuse_deletion()`.execute(db);
  }
}
