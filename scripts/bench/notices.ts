// npm run bench:notices -- [--reminders 4000] [--doctors 200] [--db sqlite|postgres]
// Times the notice worker sending a day's reminders of a 200-doctor clinic (each an e-mail with
// its calendar entry and an SMS) to an SMTP server and an SMPP gateway that this script starts on
// loopback. The reminders are pending rows of the notices table, as the reminder plan leaves them;
// they name one real visit (the foreign key) and carry each their own patient, doctor and time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { migrateToLatest, openDatabase } from '../../server/db/index.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import type { AppointmentMailRow } from '../../server/modules/reminders/index.ts';
import { runDueNotices } from '../../server/modules/notices/notices.service.ts';
import { startSmtpServer } from '../../server/testing/mail.ts';
import { startSmppGateway } from '../../server/testing/smpp-gateway.ts';

const { values } = parseArgs({
  options: { reminders: { type: 'string', default: '4000' }, doctors: { type: 'string', default: '200' }, db: { type: 'string', default: 'sqlite' } },
});
const total = Number(values.reminders);
const doctors = Number(values.doctors);
const kind = values.db === 'postgres' ? 'postgres' : 'sqlite';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-bench-notices-'));
const databaseUrl = kind === 'postgres' ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined;
const schema = kind === 'postgres' ? `bench_notices_${process.pid}` : undefined;
const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(query);
  await client.end();
};
if (schema) await admin(`create schema ${schema}`);

const smtp = await startSmtpServer();
const gateway = await startSmppGateway();
const database = openDatabase({ databaseUrl, dataDir, ...(schema ? { schema } : {}) });
try {
  await migrateToLatest(database);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SMTP_URL: smtp.url, SMPP_URL: gateway.url, REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0', AGENDA_FILL_POLL_SECONDS: '0' });
  const clock = new ManualClock('2026-03-03T09:00:00Z');
  const app = await buildApp({ config, database, clock, serveWeb: false });
  const { db } = database;
  const stamp = clock.now().toISOString();
  const person = (usuario: string, rol: 'doctor' | 'paciente') => ({
    nombre_usuario: usuario, correo: `${usuario}@example.com`, contrasena_hash: 'x', rol, nombre: 'Bench', apellido1: usuario, apellido2: null, dni: null,
    nacimiento: null, sexo: null, telefono: null, direccion: null, codigo_postal: null, localidad: null, provincia: null, pais: null, idioma: 'es' as const,
    busqueda: usuario, eliminado_en: null, creado_en: stamp,
  });
  const specialty = await db.selectFrom('especialidades').selectAll().executeTakeFirstOrThrow();
  const doctorUser = await db.insertInto('usuarios').values(person('benchdoctor', 'doctor')).returning('id_usuario').executeTakeFirstOrThrow();
  const { id_doctor } = await db
    .insertInto('doctores')
    .values({ id_usuario: doctorUser.id_usuario, numero_colegiado: 'B1', id_especialidad: specialty.id_especialidad, horario: null, estado: 'Activo', fecha_alta: '2026-01-01', fecha_baja: null, creado_automaticamente: 0 })
    .returning('id_doctor')
    .executeTakeFirstOrThrow();
  const patientUser = await db.insertInto('usuarios').values(person('benchpatient', 'paciente')).returning('id_usuario').executeTakeFirstOrThrow();
  const { id_paciente } = await db.insertInto('pacientes').values({ id_usuario: patientUser.id_usuario, estado: 'Activo', fecha_alta: '2026-01-01' }).returning('id_paciente').executeTakeFirstOrThrow();
  const { id_agenda } = await db
    .insertInto('agenda')
    .values({ id_doctor, fecha: '2026-03-04', hora_inicio: '09:00', hora_fin: '09:15', duracion_min: 15, tipo: 'Consulta', estado: 'Reservado', descripcion: null })
    .returning('id_agenda')
    .executeTakeFirstOrThrow();
  const { id_cita } = await db
    .insertInto('citas')
    .values({ id_paciente, id_doctor, id_agenda, fecha: '2026-03-04', hora: '09:00', motivo: 'Bench', recordatorio: 1, estado: 'Confirmada', creado_en: stamp, actualizado_en: stamp, cancelada_por: null, motivo_rechazo: null, asistencia: null, limite_forzado: null, llegada_en: null, en_consulta_en: null, reubicar_causa: null, reubicar_ref: null, reubicar_motivo: null })
    .returning('id_cita')
    .executeTakeFirstOrThrow();

  const rows = [];
  for (let n = 0; n < total; n++) {
    const minutes = 9 * 60 + (Math.floor(n / doctors) % 40) * 15;
    const hora = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const visit: AppointmentMailRow = {
      id_cita: id_cita + n, fecha: '2026-03-04', hora, hora_fin: hora, duracion_min: 15, estado: 'Confirmada', secuencia: 1, id_paciente, motivo_rechazo: null,
      paciente_nombre: `Paciente${n}`, paciente_apellido1: 'Bench', paciente_correo: `paciente${n}@example.com`, paciente_idioma: (['es', 'ca', 'en'] as const)[n % 3] ?? 'es',
      paciente_telefono: `+346${String(10_000_000 + n).padStart(8, '0')}`,
      doctor_nombre: `Doctor${n % doctors}`, doctor_apellido1: 'Bench', doctor_apellido2: null, doctor_correo: `doctor${n % doctors}@example.com`, doctor_idioma: 'es',
      especialidad_es: specialty.nombre, especialidad_ca: specialty.nombre_ca, especialidad_en: specialty.nombre_en,
    };
    const base = { id_cita, destinatario: 'paciente' as const, tipo: 'recordatorio', enviar_en: stamp, creado_en: stamp, actualizado_en: stamp, estado: 'pendiente' as const };
    rows.push({ ...base, canal: 'email' as const, datos: JSON.stringify({ visit, change: { tipo: 'recordatorio' } }) });
    rows.push({ ...base, canal: 'sms' as const, datos: JSON.stringify({ visit, change: { tipo: 'recordatorio' }, telefono: visit.paciente_telefono }) });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('notificaciones').values(rows.slice(i, i + 500)).execute();

  const started = performance.now();
  const run = await runDueNotices(app, clock.now());
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${total} reminders (${total} e-mails with a calendar entry + ${total} SMS) on ${kind}: sent ${run.sent}, failed ${run.failed}, retrying ${run.retrying} ` +
      `in ${seconds.toFixed(1)} s; the SMTP server received ${smtp.messages.length}, the SMPP gateway ${gateway.submits.length}. ` +
      `${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)}. Target: under 60 s.`,
  );
  await app.close();
} finally {
  await database.close();
  await smtp.close();
  await gateway.close();
  if (schema) await admin(`drop schema ${schema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
