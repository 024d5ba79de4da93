import type { TestServer } from './test-server.ts';

/** The audit entries of an action, newest last; with `of`, only those by that account or about that patient. */
export async function auditEntries(server: TestServer, accion: string, of: { id_usuario?: number; id_paciente?: number | null } = {}) {
  let query = server.database.db.selectFrom('auditoria').selectAll().where('accion', '=', accion);
  if (of.id_usuario !== undefined) query = query.where('id_usuario', '=', of.id_usuario);
  if (of.id_paciente !== undefined) query = query.where('id_paciente', '=', of.id_paciente);
  return query.orderBy('id_auditoria').execute();
}
