import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/index.ts';
import { addDays, localDate } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { addMinutes } from '../lib/slots.ts';
import { insertPatient, insertUser } from '../modules/accounts/accounts.repository.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/mail.ts';
import {
  callJson,
  createPostgresSchema,
  logIn,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../testing/server-process.ts';
import { postgresTestUrl } from '../testing/test-databases.ts';

// Two real server processes on one PostgreSQL, as behind a load balancer: bookings racing for the
// same slots through both never double-book, each reminder goes out once although both instances
// poll for them, and (with Redis) a log-in lock earned on one instance holds on the other.

// Undefined in a SQLite-only run; CI always sets TEST_DATABASE_URL (test-databases.ts).
const databaseUrl = postgresTestUrl();
const redisUrl = process.env.REDIS_TEST_URL;

const PASSWORD = 'Instancias1234!';
const PATIENTS = 4;
const HORAS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
const DOCTORS = 2;
const DAYS = 2;
const TIME_ZONE = 'Europe/Madrid';

interface Account {
  usuario: string;
  correo: string;
}

/** Two doctors with free slots in the coming days and four patients, straight into the database. */
async function seedClinic(handle: DatabaseHandle, tag: string) {
  const { db } = handle;
  const hash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  const today = localDate(new Date(), TIME_ZONE);
  const account = async (rol: 'doctor' | 'paciente', name: string) => {
    const usuario = `${name}${tag}`;
    const correo = `${usuario}@example.com`;
    const id_usuario = await insertUser(db, {
      nombre_usuario: usuario,
      correo,
      contrasena_hash: hash,
      rol,
      nombre: name,
      apellido1: 'Prueba',
      creado_en: now,
    });
    return { id_usuario, usuario, correo };
  };
  const { id_especialidad } = await db.selectFrom('especialidades').select('id_especialidad').executeTakeFirstOrThrow();
  const slots: { id_agenda: number; id_doctor: number; fecha: string; hora: string }[] = [];
  const doctors: Account[] = [];
  for (let d = 0; d < DOCTORS; d++) {
    const doctor = await account('doctor', `medico${d}`);
    doctors.push(doctor);
    const { id_doctor } = await db
      .insertInto('doctores')
      .values({
        id_usuario: doctor.id_usuario,
        numero_colegiado: String(280_000_000 + d),
        id_especialidad,
        horario: null,
        estado: 'Activo',
        fecha_alta: today,
        fecha_baja: null,
        creado_automaticamente: 0,
      })
      .returning('id_doctor')
      .executeTakeFirstOrThrow();
    for (let day = 2; day < 2 + DAYS; day++) {
      const fecha = addDays(today, day);
      const rows = await db
        .insertInto('agenda')
        .values(
          HORAS.map((hora_inicio) => ({
            id_doctor,
            fecha,
            hora_inicio,
            hora_fin: addMinutes(hora_inicio, 30),
            duracion_min: 30,
            tipo: 'Consulta' as const,
            estado: 'Disponible' as const,
            descripcion: null,
          })),
        )
        .returning(['id_agenda', 'hora_inicio'])
        .execute();
      for (const row of rows) slots.push({ id_agenda: row.id_agenda, id_doctor, fecha, hora: row.hora_inicio.slice(0, 5) });
    }
  }
  const patients: Account[] = [];
  for (let p = 0; p < PATIENTS; p++) {
    const patient = await account('paciente', `paciente${p}`);
    await insertPatient(db, patient.id_usuario, today);
    patients.push(patient);
  }
  return { doctors, patients, slots };
}

describe.runIf(databaseUrl)('several instances on one PostgreSQL', () => {
  const tag = randomBytes(3).toString('hex');
  const folders: string[] = [];
  let smtp: TestSmtpServer;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let handle: DatabaseHandle;
  let instances: ServerProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    schema = await createPostgresSchema(databaseUrl ?? '');
    const shared: Record<string, string> = {
      DATABASE_URL: schema.databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: 'false',
      CLINIC_TIMEZONE: TIME_ZONE,
      SMTP_URL: smtp.url,
      // Both instances look for due notices (reminders among them) every 0.2 s.
      REMINDER_POLL_SECONDS: '0.2',
      // One notice e-mail per request, so each can be counted (grouping has its own tests:
      // server/modules/reminders/grouped-notices.test.ts).
      REQUEST_NOTICE_MINUTES: '0',
      LOGIN_MAX_FAILURES: '3',
      TRUST_PROXY: 'true',
      // A few patients race for every slot; the booking caps have their own tests.
      MAX_ACTIVE_VISITS_PER_PATIENT: '1000',
      MAX_VISITS_PER_DOCTOR_DAY: '1000',
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `inst${tag}` } : {}),
    };
    // Each its own data folder: what they share is the database, the secret and Redis, as on two machines.
    const env = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-instance-'));
      folders.push(dataDir);
      return { ...shared, DATA_DIR: dataDir };
    };
    // Started together on the empty schema: both run the migrations at once, as a rolling deploy would.
    instances = await Promise.all([startServerProcess(env()), startServerProcess(env())]);
    handle = openDatabase({ databaseUrl, dataDir: folders[0] ?? '', schema: schema.schema, poolSize: 2 });
    // The clinic's reminder plan: one e-mail an hour before each visit (the test makes them due).
    await handle.db.deleteFrom('plan_recordatorios').execute();
    await handle.db.insertInto('plan_recordatorios').values({ orden: 1, canal: 'email', horas_antes: 1 }).execute();
  }, 90_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopServerProcess(instance)));
    await handle?.close();
    await schema?.drop();
    await smtp?.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  // The race and the reminders are tests of their own, each with its own time budget (one test for
  // both ran out of its budget on a loaded machine); the second reads what the first booked.
  let booking: { clinic: Awaited<ReturnType<typeof seedClinic>>; answers: { patient: number; status: number }[] } | undefined;

  it('never double-books a slot when both instances take the same requests at once', { timeout: 60_000 }, async () => {
    const [first, second] = instances as [ServerProcess, ServerProcess];
    const clinic = await seedClinic(handle, tag);
    // Logged in on one instance, the token works on the other: they share JWT_SECRET.
    const tokens = await Promise.all(clinic.patients.map((patient, p) => logIn((p % 2 ? second : first).url, patient.usuario, PASSWORD)));

    // Every patient asks for every slot at once, half of them through each instance.
    const requests = clinic.slots.flatMap((slot) =>
      tokens.map(async (token, p) => {
        const answer = await callJson<{ id_cita?: number; code?: string }>((p % 2 ? first : second).url, 'POST', '/api/citas', {
          token,
          body: { id_doctor: slot.id_doctor, fecha: slot.fecha, hora: slot.hora, motivo: 'Revisión', recordatorio: true },
        });
        return { slot, patient: p, ...answer };
      }),
    );
    const answers = await Promise.all(requests);
    for (const slot of clinic.slots) {
      const mine = answers.filter((answer) => answer.slot === slot);
      const statuses = mine.map((answer) => answer.status).sort();
      expect(statuses, `${slot.fecha} ${slot.hora} doctor ${slot.id_doctor}`).toEqual([201, 409, 409, 409]);
      expect(mine.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'hueco_ocupado')).toBe(true);
    }

    const citas = await handle.db.selectFrom('citas').select(['id_cita', 'id_agenda', 'id_paciente', 'estado']).execute();
    const perSlot = new Map<number, number>();
    for (const cita of citas) perSlot.set(cita.id_agenda, (perSlot.get(cita.id_agenda) ?? 0) + 1);
    expect(citas).toHaveLength(clinic.slots.length);
    for (const slot of clinic.slots) expect(perSlot.get(slot.id_agenda), `agenda ${slot.id_agenda}`).toBe(1);
    const agenda = await handle.db.selectFrom('agenda').select('estado').execute();
    expect(agenda.every((row) => row.estado === 'Reservado')).toBe(true);

    booking = { clinic, answers };
  });

  it('sends each reminder and each notice once although both instances poll for them', { timeout: 60_000 }, async () => {
    expect(booking, 'the booking race passed').toBeDefined();
    const { clinic, answers } = booking!;
    // Time passes: every reminder falls due at once, and both instances poll for them.
    await handle.db.updateTable('notificaciones').set({ enviar_en: new Date().toISOString() }).where('tipo', '=', 'recordatorio').where('estado', '=', 'pendiente').execute();
    // Both workers poll; wait until every reminder is settled, then a few more rounds of both.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const reminders = handle.db.selectFrom('notificaciones').where('tipo', '=', 'recordatorio');
      const pending = await reminders.select('estado').where('estado', '<>', 'enviado').execute();
      const all = await reminders.select('id_notificacion').execute();
      const unsent = await handle.db.selectFrom('notificaciones').select('estado').where('estado', '=', 'pendiente').execute();
      if (pending.length === 0 && all.length === clinic.slots.length && unsent.length === 0) break;
      if (Date.now() > deadline) throw new Error(`reminders not sent in time: ${pending.length} of ${all.length} pending`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Every reminder, every patient's "request received" notice and every doctor's notice (sent
    // after the booking's answer) has arrived; then give both workers several more rounds in which
    // a second copy would show up.
    await smtp.waitFor(3 * clinic.slots.length, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const received = (address: string) => smtp.messages.filter((message) => message.to.includes(address)).length;
    const booked = (p: number) => answers.filter((answer) => answer.patient === p && answer.status === 201).length;
    // Each booking: its reminder and the notice that the request arrived, once each.
    clinic.patients.forEach((patient, p) => expect(received(patient.correo), patient.usuario).toBe(2 * booked(p)));
    // And one notice of each request to its doctor, from whichever instance took the booking.
    const notices = clinic.doctors.reduce((sum, doctor) => sum + received(doctor.correo), 0);
    expect(notices).toBe(clinic.slots.length);
    expect(smtp.messages).toHaveLength(3 * clinic.slots.length);
    console.log(
      `several instances: ${answers.length} concurrent booking requests for ${clinic.slots.length} slots through 2 processes, ` +
        `no double booking; ${clinic.slots.length} reminders sent once each`,
    );
  });

  it.runIf(redisUrl)('shares log-in throttling through Redis: a hold earned on one instance holds on the other', async () => {
    const [first, second] = instances as [ServerProcess, ServerProcess];
    const usuario = `victima${tag}`;
    await insertUser(handle.db, {
      nombre_usuario: usuario,
      correo: `${usuario}@example.com`,
      contrasena_hash: await hashPassword('Propia1234!'),
      rol: 'paciente',
      nombre: 'Víctima',
      apellido1: 'Prueba',
      creado_en: new Date().toISOString(),
    });
    const attempt = (url: string, contrasena: string, address: string) =>
      callJson(url, 'POST', '/api/login', { body: { usuario, contrasena }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 3; i++) expect((await attempt(first.url, 'Mala1234!', '10.4.0.1')).status).toBe(401);
    expect((await attempt(second.url, 'Propia1234!', '10.4.0.1')).status).toBe(429);
    // The owner, from their own address, through either instance.
    expect((await attempt(second.url, 'Propia1234!', '10.4.0.2')).status).toBe(200);
  });
});
