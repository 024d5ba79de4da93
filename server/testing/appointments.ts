import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MiCita } from '../../contracts/appointments.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/index.ts';
import { addMinutes } from '../lib/slots.ts';
import type { TestServer, TestUser } from './test-server.ts';

/** Opens agenda slots for a doctor directly in the database; returns their ids in order. */
export async function openSlots(
  server: TestServer,
  id_doctor: number,
  fecha: string,
  horas: string[],
  options: { minutes?: number; estado?: 'Disponible' | 'Reservado' | 'Bloqueado'; tipo?: 'Consulta' | 'Bloqueo' } = {},
): Promise<number[]> {
  const minutes = options.minutes ?? 30;
  const rows = await server.database.db
    .insertInto('agenda')
    .values(
      horas.map((hora_inicio) => ({
        id_doctor,
        fecha,
        hora_inicio,
        hora_fin: addMinutes(hora_inicio, minutes),
        duracion_min: minutes,
        tipo: options.tipo ?? 'Consulta',
        estado: options.estado ?? 'Disponible',
        descripcion: null,
      })),
    )
    .returning('id_agenda')
    .execute();
  return rows.map((row) => row.id_agenda);
}

/**
 * The desk books `patient` with a new doctor (Pere Puig) on `fecha` at `hora`, and the e-mails it
 * causes are sent: the visit, its doctor and the desk's user.
 */
export async function deskBooksWithNewDoctor(server: TestServer, patient: TestUser, fecha: string, hora: string) {
  const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
  const [id_agenda] = await openSlots(server, doctor.id_doctor as number, fecha, [hora]);
  const desk = await server.createUser('recepcion');
  const booked = await server.request<{ id_cita: number }>('POST', '/api/recepcion/citas', {
    token: desk.token,
    body: { id_paciente: patient.id_paciente, id_agenda, motivo: 'Control' },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  await server.app.mailer.settled();
  return { id_cita: booked.body.id_cita, doctor, desk };
}

/** The estado of one slot, as the database has it. */
export async function slotEstado(server: TestServer, id_doctor: number, fecha: string, hora: string) {
  const row = await server.database.db
    .selectFrom('agenda')
    .select('estado')
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '=', fecha)
    .where('hora_inicio', '=', hora)
    .executeTakeFirstOrThrow();
  return row.estado;
}

/** Gives a doctor the specialty with this catalogue code; returns its id. */
export async function setSpecialty(server: TestServer, id_doctor: number, codigo: string): Promise<number> {
  const { id_especialidad } = await server.database.db
    .selectFrom('especialidades')
    .select('id_especialidad')
    .where('codigo', '=', codigo)
    .executeTakeFirstOrThrow();
  await server.database.db.updateTable('doctores').set({ id_especialidad }).where('id_doctor', '=', id_doctor).execute();
  return id_especialidad;
}

export async function setLanguage(server: TestServer, id_usuario: number, idioma: 'es' | 'ca' | 'en'): Promise<void> {
  await server.database.db.updateTable('usuarios').set({ idioma }).where('id_usuario', '=', id_usuario).execute();
}

/**
 * A second instance of the app on the test server's database (same PostgreSQL schema or SQLite
 * file, same configuration and clock), as a second server behind a load balancer would be.
 */
export async function startPeerApp(server: TestServer): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = openDatabase(server.databaseOptions);
  const app = await buildApp({ config: server.config, database, clock: server.clock, serveWeb: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The patient's visits of a period, as GET /api/citas/mias answers them (checked to be 200). */
export async function myVisits(server: TestServer, patient: TestUser, periodo: 'proximas' | 'pasadas' | 'canceladas'): Promise<MiCita[]> {
  const response = await server.request<MiCita[]>('GET', `/api/citas/mias?periodo=${periodo}`, { token: patient.token });
  expect(response.status).toBe(200);
  return response.body;
}
