// Shared by the tests of a doctor and of a patient leaving the clinic (doctors-leaving,
// patients-leaving): what their visits look like in the database, and a deletion made to fail.
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestServer, TestUser } from './test-server.ts';

/** The test clock's day, and the Wednesday of the visits still to come. */
export const TODAY = '2026-03-02';
export const WEDNESDAY = '2026-03-04';

/** The patient asks for WEDNESDAY at `hora` through the API (checked to be 201); the visit's id. */
export async function requestVisit(server: TestServer, patient: TestUser, doctor: TestUser, hora: string, recordatorio = false): Promise<number> {
  const response = await server.request<{ id_cita: number }>('POST', '/api/citas', {
    token: patient.token,
    body: { id_doctor: doctor.id_doctor, fecha: WEDNESDAY, hora, motivo: 'Revisión', recordatorio },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id_cita;
}

/** The doctor accepts the request through the API (checked to be 200). */
export async function confirmVisit(server: TestServer, doctor: TestUser, id_cita: number): Promise<void> {
  const accepted = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } });
  expect(accepted.status).toBe(200);
}

/** The state of a visit's first reminder (a notice of the clinic's reminder plan). */
export const reminderEstado = async (server: TestServer, id_cita: number) =>
  (
    await server.database.db
      .selectFrom('notificaciones')
      .select('estado')
      .where('id_cita', '=', id_cita)
      .where('tipo', '=', 'recordatorio')
      .orderBy('id_notificacion')
      .executeTakeFirstOrThrow()
  ).estado;

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
