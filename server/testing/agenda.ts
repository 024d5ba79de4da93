import { expect } from 'vitest';
import type { EstadoCita } from '../db/schema/index.ts';
import type { TestServer, TestUser } from './test-server.ts';

/** Opens a day of a doctor's agenda through the API and checks it answered 201. */
export async function openDay(server: TestServer, doctor: TestUser, fecha: string, bloques: string[], intervalo_min?: number) {
  const response = await server.request<{ bloques_creados: number; bloques_existentes: number }>('POST', '/api/agenda/crear', {
    token: doctor.token,
    body: { id_doctor: doctor.id_doctor, fecha, bloques, ...(intervalo_min ? { intervalo_min } : {}) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/**
 * Books a slot for a patient directly in the database, as the booking module does (the slot turns
 * Reservado), optionally with a pending reminder. Returns the appointment and slot ids.
 */
export async function bookSlot(
  server: TestServer,
  patient: TestUser,
  doctor: TestUser,
  fecha: string,
  hora: string,
  options: { estado?: EstadoCita; motivo?: string; recordatorio?: boolean } = {},
) {
  const db = server.database.db;
  const slot = await db
    .selectFrom('agenda')
    .select('id_agenda')
    .where('id_doctor', '=', doctor.id_doctor!)
    .where('fecha', '=', fecha)
    .where('hora_inicio', '=', hora)
    .executeTakeFirstOrThrow();
  const estado = options.estado ?? 'pendiente';
  const now = server.clock.now().toISOString();
  if (estado !== 'Cancelada') {
    await db.updateTable('agenda').set({ estado: 'Reservado' }).where('id_agenda', '=', slot.id_agenda).execute();
  }
  const { id_cita } = await db
    .insertInto('citas')
    .values({
      id_paciente: patient.id_paciente!,
      id_doctor: doctor.id_doctor!,
      id_agenda: slot.id_agenda,
      fecha,
      hora,
      motivo: options.motivo ?? 'Dolor de cabeza',
      recordatorio: options.recordatorio ? 1 : 0,
      estado,
      creado_en: now,
      actualizado_en: now,
    })
    .returning('id_cita')
    .executeTakeFirstOrThrow();
  if (options.recordatorio) {
    // A reminder notice due now; the worker reads its visit when it sends it.
    await db
      .insertInto('notificaciones')
      .values({ id_cita, destinatario: 'paciente', canal: 'email', tipo: 'recordatorio', datos: '{}', estado: 'pendiente', enviar_en: now, reservado_hasta: null, id_pasarela: null, error: null, creado_en: now, enviado_en: null, actualizado_en: now })
      .execute();
  }
  return { id_cita, id_agenda: slot.id_agenda };
}
