import { Secret, TOTP } from 'otpauth';
import type { Enrolment, LoginTicket, RecoveryCodes } from '../../../contracts/second-factor.ts';
import { doctorPayload, specialtyId } from '../admin.ts';
import { sessionToken } from '../session-token.ts';
import { TEST_PASSWORD } from '../test-server.ts';
import { REGLAS_POR_DEFECTO } from '../../../contracts/booking-rules-words.ts';
import { CLINICA_POR_DEFECTO } from '../../../contracts/clinic.ts';
import { deskBookingRows } from './desk-booking-rows.ts';
import { relocateRows } from './relocate-rows.ts';
import { visitTypesRows } from './visit-types-rows.ts';
import { waitlistRows } from './waitlist-rows.ts';
import { noticesRows, oneTapRows, reminderRows } from './notices-rows.ts';
import { deskPatientsRows } from './desk-patients-rows.ts';
import { clinicDayRows } from './clinic-day-rows.ts';
import { opsRows } from './ops-rows.ts';
import { trustRows } from './trust-rows.ts';
import { cancelOtherVisits, freshAbsence, multipartFile, PDF_BYTES, PNG_BYTES, type ActorName, type World } from './world.ts';
import { addMinutes } from '../../lib/slots.ts';
import { addAppointment } from '../patients.ts';

/**
 * The authorization table: every /api endpoint, and what each actor gets from it.
 *
 *   anonymous     no token
 *   patient       the patient whose data the request is about (their own)
 *   otherPatient  another patient asking for the same thing (same ids in the path, body or query)
 *   doctor        the doctor who treats `patient` and owns the agenda in the request
 *   otherDoctor   a doctor who does not treat `patient`, asking for the same thing
 *   admin         an administrator
 *   reception     a front-desk user (decision #34): visits and contact details, never the clinical record
 *
 * For endpoints about "me" (no id anywhere) every actor of the role gets their own data: the
 * matrix test also checks that no answer to otherPatient, otherDoctor, admin or anonymous carries
 * `patient`'s clinical data. Status rules: 401 no token, 403 wrong role or not yours (another
 * user's conversation or attachment included), 404 an id that names nothing.
 */

/** Expected status per actor, in this order: anonymous, patient, otherPatient, doctor, otherDoctor, admin, reception. */
export type Statuses = readonly [number, number, number, number, number, number, number];

export interface MatrixRequest {
  /** The path with its parameters filled in, and the query string if any. */
  url: string;
  body?: unknown;
  /** A multipart upload instead of JSON. */
  file?: { filename: string; bytes: Buffer };
}

export interface MatrixRow {
  /** `METHOD /api/path` exactly as the route is registered (`:param` placeholders). */
  route: string;
  /** Tells two rows of one endpoint apart. */
  variant?: string;
  expect: Statuses;
  /** Builds the request for one actor; rows that change or delete something make a fresh one per cell. */
  request(world: World, actor: ActorName): MatrixRequest | Promise<MatrixRequest>;
  /** The row changes the actors' own accounts (password, sessions): undo it afterwards. */
  touchesAccounts?: boolean;
}

const PUBLIC: Statuses = [200, 200, 200, 200, 200, 200, 200];
const ANY_MEMBER: Statuses = [401, 200, 200, 200, 200, 200, 200];
const OWN_PATIENT_DATA: Statuses = [401, 200, 200, 403, 403, 403, 403];
const ONLY_PATIENT: Statuses = [401, 200, 403, 403, 403, 403, 403];
const OWN_DOCTOR_DATA: Statuses = [401, 403, 403, 200, 200, 403, 403];
const ONLY_DOCTOR: Statuses = [401, 403, 403, 200, 403, 403, 403];
const ONLY_ADMIN: Statuses = [401, 403, 403, 403, 403, 200, 403];
const ONLY_OWNER_CHAT: Statuses = [401, 200, 403, 403, 403, 403, 403];

const with201 = (statuses: Statuses): Statuses =>
  statuses.map((status) => (status === 200 ? 201 : status)) as unknown as Statuses;
const with204 = (statuses: Statuses): Statuses =>
  statuses.map((status) => (status === 200 ? 204 : status)) as unknown as Statuses;

let unique = 0;
const next = () => `${process.pid}${(unique += 1)}`;

const paciente = (w: World) => w.users.patient.id_paciente!;

/** The app's code for a secret at the server's clock, `steps` periods on. */
const codeFor = (w: World, secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: w.server.clock.now().getTime() + steps * 30_000,
  });

/** Turns a second factor on for the holder of `token` through the API; answers its secret and recovery codes. */
async function enrolled(w: World, token: string | undefined) {
  if (!token) return { secret: 'A'.repeat(32), recovery: [] as string[] };
  const started = await w.server.request<Enrolment>('POST', '/api/auth/segundo-factor/inicio', {
    token,
    body: { contrasena: TEST_PASSWORD },
  });
  const confirmed = await w.server.request<RecoveryCodes>('POST', '/api/auth/segundo-factor/confirmacion', {
    token,
    body: { codigo: codeFor(w, started.body.secreto) },
  });
  return { secret: started.body.secreto, recovery: confirmed.body.codigos_recuperacion };
}
const sidOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
/** Another log-in of `patient`, as from a second device. */
const patientSession = (w: World) => {
  const { id_usuario, id_paciente, id_doctor, usuario, rol } = w.users.patient;
  return sessionToken(w.server.app, {
    id_usuario,
    id_paciente,
    id_doctor,
    nombre: 'Nombre',
    nombre_usuario: usuario,
    rol,
  });
};
const doctorId = (w: World) => w.users.doctor.id_doctor!;
let pastVisitSequence = 0;

const SECTION_BODIES: Record<string, Record<string, unknown>> = {
  alergias: { nombre: 'Ácaros' },
  enfermedades: { nombre: 'Migraña', activa: true },
  discapacidades: { tipo: 'Auditiva', porcentaje: 20 },
  habitos: { nombre: 'Caminar', frecuencia: 'Diario' },
  vacunas: { nombre: 'Gripe', fecha_aplicacion: '2025-10-01' },
};

const recordRows: MatrixRow[] = Object.entries(SECTION_BODIES).flatMap(([section, body]): MatrixRow[] => [
  {
    route: `POST /api/pacientes/:id/${section}`,
    expect: with201(ONLY_DOCTOR),
    request: (w) => ({ url: `/api/pacientes/${paciente(w)}/${section}`, body }),
  },
  {
    route: `PUT /api/pacientes/:id/${section}/:id_entrada`,
    expect: ONLY_DOCTOR,
    request: async (w) => ({ url: `/api/pacientes/${paciente(w)}/${section}/${await w.fresh.entry(section)}`, body }),
  },
]);

const patientFileRows: MatrixRow[] = [
  'alergias',
  'enfermedades',
  'discapacidades',
  'habitos',
  'vacunas',
  'ultima-consulta',
  'ficha',
  'resumen',
  'accesos',
].map((section) => ({
  route: `GET /api/paciente/${section}`,
  expect: OWN_PATIENT_DATA,
  request: () => ({ url: `/api/paciente/${section}` }),
}));

export const ACCESS_TABLE: MatrixRow[] = [
  // Public
  { route: 'GET /api/health', expect: PUBLIC, request: () => ({ url: '/api/health' }) },
  { route: 'GET /api/docs', expect: PUBLIC, request: () => ({ url: '/api/docs' }) },
  // Open to this machine (the matrix asks from loopback) or to METRICS_TOKEN; elsewhere 404.
  { route: 'GET /api/metrics', expect: PUBLIC, request: () => ({ url: '/api/metrics' }) },
  { route: 'GET /api/especialidades', expect: PUBLIC, request: () => ({ url: '/api/especialidades' }) },
  { route: 'GET /api/reloj', expect: PUBLIC, request: () => ({ url: '/api/reloj' }) },
  {
    route: 'POST /api/contacto',
    expect: with201(PUBLIC),
    request: () => ({ url: '/api/contacto', body: { name: 'Ana', email: 'ana@example.com', message: 'Hola' } }),
  },
  {
    route: 'POST /api/registro-paciente',
    expect: with201(PUBLIC),
    request: () => {
      const id = next();
      return {
        url: '/api/registro-paciente',
        body: {
          usuario: `nuevo${id}`,
          email: `nuevo${id}@example.com`,
          contrasena: 'Paciente123!',
          nombre: 'Nuria',
          apellido_1: 'Nadal',
        },
      };
    },
  },
  {
    route: 'POST /api/login',
    expect: PUBLIC,
    request: (w) => ({ url: '/api/login', body: { usuario: w.users.patient.usuario, contrasena: TEST_PASSWORD } }),
  },

  // A forgotten password: public, and a bad link is refused the same way for everyone
  {
    route: 'POST /api/recuperar-contrasena',
    expect: [202, 202, 202, 202, 202, 202, 202],
    request: (w) => ({ url: '/api/recuperar-contrasena', body: { usuario: w.users.patient.usuario } }),
  },
  {
    route: 'POST /api/restablecer-contrasena/comprobar',
    expect: [400, 400, 400, 400, 400, 400, 400],
    request: () => ({ url: '/api/restablecer-contrasena/comprobar', body: { token: 'x'.repeat(43) } }),
  },
  {
    route: 'POST /api/restablecer-contrasena',
    expect: [400, 400, 400, 400, 400, 400, 400],
    request: () => ({
      url: '/api/restablecer-contrasena',
      body: { token: 'x'.repeat(43), contrasena: 'Cambiada123!' },
    }),
  },

  // Any account, about itself
  { route: 'GET /api/auth/me', expect: ANY_MEMBER, request: () => ({ url: '/api/auth/me' }) },
  { route: 'GET /api/mi-cuenta', expect: ANY_MEMBER, request: () => ({ url: '/api/mi-cuenta' }) },
  { route: 'PUT /api/mi-cuenta/idioma', expect: ANY_MEMBER, request: () => ({ url: '/api/mi-cuenta/idioma', body: { idioma: 'es' } }) },
  {
    route: 'POST /api/auth/logout',
    expect: with204(ANY_MEMBER),
    touchesAccounts: true,
    request: () => ({ url: '/api/auth/logout' }),
  },
  { route: 'GET /api/auth/sesiones', expect: ANY_MEMBER, request: () => ({ url: '/api/auth/sesiones' }) },
  {
    // A fresh session of `patient`'s, ended by its owner only (403 for anyone else's).
    route: 'DELETE /api/auth/sesiones/:id',
    expect: with204(ONLY_PATIENT),
    request: async (w) => ({ url: `/api/auth/sesiones/${sidOf(await patientSession(w))}` }),
  },
  {
    route: 'POST /api/auth/sesiones/cerrar-todas',
    expect: ANY_MEMBER,
    touchesAccounts: true,
    request: () => ({ url: '/api/auth/sesiones/cerrar-todas', body: {} }),
  },
  {
    route: 'PUT /api/auth/contrasena',
    expect: ANY_MEMBER,
    touchesAccounts: true,
    request: () => ({
      url: '/api/auth/contrasena',
      body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'Cambiada123!' },
    }),
  },

  // The second factor: everyone's own
  { route: 'GET /api/auth/segundo-factor', expect: ANY_MEMBER, request: () => ({ url: '/api/auth/segundo-factor' }) },
  {
    route: 'POST /api/auth/segundo-factor/inicio',
    expect: ANY_MEMBER,
    touchesAccounts: true,
    request: () => ({ url: '/api/auth/segundo-factor/inicio', body: { contrasena: TEST_PASSWORD } }),
  },
  {
    route: 'POST /api/auth/segundo-factor/confirmacion',
    expect: ANY_MEMBER,
    touchesAccounts: true,
    request: async (w, actor) => {
      const token = w.token(actor);
      const started = token
        ? await w.server.request<Enrolment>('POST', '/api/auth/segundo-factor/inicio', {
            token,
            body: { contrasena: TEST_PASSWORD },
          })
        : undefined;
      return {
        url: '/api/auth/segundo-factor/confirmacion',
        body: { codigo: started ? codeFor(w, started.body.secreto) : '123456' },
      };
    },
  },
  {
    route: 'POST /api/auth/segundo-factor/codigos',
    expect: ANY_MEMBER,
    touchesAccounts: true,
    request: async (w, actor) => {
      const { secret } = await enrolled(w, w.token(actor));
      return {
        url: '/api/auth/segundo-factor/codigos',
        body: { contrasena: TEST_PASSWORD, codigo: codeFor(w, secret, 1) },
      };
    },
  },
  {
    route: 'POST /api/auth/segundo-factor/desactivacion',
    expect: with204(ANY_MEMBER),
    touchesAccounts: true,
    request: async (w, actor) => {
      const { recovery } = await enrolled(w, w.token(actor));
      return {
        url: '/api/auth/segundo-factor/desactivacion',
        body: { contrasena: TEST_PASSWORD, codigo: recovery[0] ?? '123456' },
      };
    },
  },
  {
    // Public: the ticket is the credential. Each cell logs a fresh enrolled account in.
    route: 'POST /api/login/codigo',
    expect: PUBLIC,
    request: async (w) => {
      const user = await w.fresh.user('paciente');
      const { recovery } = await enrolled(w, user.token);
      const first = await w.server.request<LoginTicket>('POST', '/api/login', {
        body: { usuario: user.usuario, contrasena: TEST_PASSWORD },
      });
      return { url: '/api/login/codigo', body: { ticket: first.body.ticket, codigo: recovery[0] } };
    },
  },

  // Administration
  {
    route: 'GET /api/usuarios',
    variant: 'patients only',
    expect: [401, 403, 403, 200, 200, 200, 403],
    request: () => ({ url: '/api/usuarios?rol=paciente' }),
  },
  // Doctors get patient accounts only when they name no role.
  {
    route: 'GET /api/usuarios',
    variant: 'every role',
    expect: [401, 403, 403, 200, 200, 200, 403],
    request: () => ({ url: '/api/usuarios' }),
  },
  {
    route: 'GET /api/usuarios',
    variant: 'admins',
    expect: ONLY_ADMIN,
    request: () => ({ url: '/api/usuarios?rol=admin' }),
  },
  {
    route: 'PUT /api/usuarios/:id/rol',
    expect: ONLY_ADMIN,
    request: async (w) => ({
      url: `/api/usuarios/${(await w.fresh.user()).id_usuario}/rol`,
      body: { nuevo_rol: 'admin' },
    }),
  },
  {
    route: 'POST /api/usuarios/:id/cerrar-sesiones',
    expect: ONLY_ADMIN,
    request: async (w) => ({ url: `/api/usuarios/${(await w.fresh.user()).id_usuario}/cerrar-sesiones` }),
  },
  {
    route: 'DELETE /api/usuarios/:id',
    expect: with204(ONLY_ADMIN),
    request: async (w) => ({ url: `/api/usuarios/${(await w.fresh.user()).id_usuario}` }),
  },
  { route: 'GET /api/pacientes', expect: [401, 403, 403, 200, 200, 200, 403], request: () => ({ url: '/api/pacientes' }) },
  {
    route: 'POST /api/registro-doctor',
    expect: with201(ONLY_ADMIN),
    request: async (w) => ({ url: '/api/registro-doctor', body: doctorPayload(next(), await specialtyId(w.server)) }),
  },
  {
    route: 'POST /api/registro-recepcion',
    expect: with201(ONLY_ADMIN),
    request: () => {
      const id = next();
      return {
        url: '/api/registro-recepcion',
        body: { usuario: `rec${id}`, email: `rec${id}@example.es`, contrasena: 'Recepcion!2026x', nombre: 'Rosa', apellido_1: 'Pla' },
      };
    },
  },
  // The clinic's identity: public to read, admins change it. The logo rows run in order:
  // none yet, uploaded, removed.
  { route: 'GET /api/clinica', expect: PUBLIC, request: () => ({ url: '/api/clinica' }) },
  // Booking rules: read by everyone, changed by admins.
  { route: 'GET /api/clinica/reglas', expect: PUBLIC, request: () => ({ url: '/api/clinica/reglas' }) },
  {
    route: 'PUT /api/clinica/reglas',
    expect: ONLY_ADMIN,
    request: () => ({
      url: '/api/clinica/reglas',
      body: { ...REGLAS_POR_DEFECTO, max_citas_activas: 4, max_citas_doctor_dia: 1 },
    }),
  },
  {
    route: 'PUT /api/clinica',
    expect: ONLY_ADMIN,
    request: () => ({ url: '/api/clinica', body: { ...CLINICA_POR_DEFECTO } }),
  },
  {
    route: 'GET /api/clinica/logo',
    expect: [404, 404, 404, 404, 404, 404, 404],
    request: () => ({ url: '/api/clinica/logo' }),
  },
  {
    route: 'POST /api/clinica/logo',
    expect: ONLY_ADMIN,
    request: () => ({ url: '/api/clinica/logo', file: { filename: 'logo.png', bytes: PNG_BYTES } }),
  },
  { route: 'DELETE /api/clinica/logo', expect: ONLY_ADMIN, request: () => ({ url: '/api/clinica/logo' }) },
  { route: 'GET /api/auditoria', expect: ONLY_ADMIN, request: () => ({ url: '/api/auditoria' }) },
  { route: 'GET /api/auditoria/acciones', expect: ONLY_ADMIN, request: () => ({ url: '/api/auditoria/acciones' }) },

  // The patient's own area
  { route: 'GET /api/paciente/perfil', expect: OWN_PATIENT_DATA, request: () => ({ url: '/api/paciente/perfil' }) },
  {
    route: 'PUT /api/paciente/perfil',
    expect: OWN_PATIENT_DATA,
    request: () => ({
      url: '/api/paciente/perfil',
      body: { nombre: 'Nombre', apellido1: 'Apellido', telefono: '612345678' },
    }),
  },
  ...patientFileRows,
  {
    route: 'GET /api/paciente/historial',
    expect: OWN_PATIENT_DATA,
    request: () => ({ url: '/api/paciente/historial' }),
  },
  {
    route: 'GET /api/paciente/historial/estadisticas',
    expect: OWN_PATIENT_DATA,
    request: () => ({ url: '/api/paciente/historial/estadisticas' }),
  },
  {
    route: 'GET /api/paciente/historial.pdf',
    expect: OWN_PATIENT_DATA,
    request: () => ({ url: '/api/paciente/historial.pdf' }),
  },
  {
    route: 'GET /api/paciente/mis-datos',
    expect: OWN_PATIENT_DATA,
    request: () => ({ url: '/api/paciente/mis-datos' }),
  },
  {
    route: 'GET /api/paciente/mis-datos.pdf',
    expect: OWN_PATIENT_DATA,
    request: () => ({ url: '/api/paciente/mis-datos.pdf' }),
  },
  {
    route: 'GET /api/usuarios/historial',
    expect: [401, 200, 200, 200, 200, 403, 403],
    request: () => ({ url: '/api/usuarios/historial' }),
  },
  { route: 'GET /api/paciente/archivos', expect: OWN_PATIENT_DATA, request: () => ({ url: '/api/paciente/archivos' }) },
  {
    route: 'POST /api/paciente/archivos',
    expect: with201(OWN_PATIENT_DATA),
    request: () => ({ url: '/api/paciente/archivos', file: { filename: 'analitica.pdf', bytes: PDF_BYTES } }),
  },

  // Booking
  { route: 'GET /api/citas/doctores', expect: OWN_PATIENT_DATA, request: () => ({ url: '/api/citas/doctores' }) },
  {
    route: 'GET /api/citas/agenda-disponible/:doctorId',
    expect: OWN_PATIENT_DATA,
    request: (w) => ({ url: `/api/citas/agenda-disponible/${doctorId(w)}?desde=2026-03-20&dias=3` }),
  },
  {
    route: 'POST /api/citas',
    expect: with201(ONLY_PATIENT),
    request: async (w) => {
      const slot = await w.fresh.slot();
      return {
        url: '/api/citas',
        body: {
          id_paciente: paciente(w),
          id_doctor: doctorId(w),
          fecha: slot.fecha,
          hora: slot.hora,
          motivo: 'Dolor de espalda',
        },
      };
    },
  },
  { route: 'GET /api/citas/mias', expect: OWN_PATIENT_DATA, request: () => ({ url: '/api/citas/mias' }) },
  { route: 'GET /api/citas/reglas', expect: OWN_PATIENT_DATA, request: () => ({ url: '/api/citas/reglas' }) },
  {
    // A confirmed visit of `doctor` with `patient` whose time has passed; only its doctor marks it.
    route: 'PUT /api/citas/:id_cita/no-presentado',
    expect: ONLY_DOCTOR,
    request: async (w) => {
      pastVisitSequence += 1;
      const id_cita = await addAppointment(w.server, {
        id_paciente: paciente(w),
        id_doctor: doctorId(w),
        fecha: '2026-02-27',
        hora: addMinutes('08:00', pastVisitSequence * 15),
        estado: 'Confirmada',
      });
      return { url: `/api/citas/${id_cita}/no-presentado` };
    },
  },

  // Home screens (each caller's own day; the admin's clinic figures carry no patient data)
  { route: 'GET /api/paciente/inicio', expect: OWN_PATIENT_DATA, request: () => ({ url: '/api/paciente/inicio' }) },
  { route: 'GET /api/medico/inicio', expect: OWN_DOCTOR_DATA, request: () => ({ url: '/api/medico/inicio' }) },
  { route: 'GET /api/admin/cifras', expect: ONLY_ADMIN, request: () => ({ url: '/api/admin/cifras' }) },
  {
    route: 'GET /api/citas/:id_cita/ics',
    expect: ONLY_PATIENT,
    request: (w) => ({ url: `/api/citas/${w.own.appointment}/ics` }),
  },
  {
    // Another free slot of the same doctor, the patient's other visits cancelled first.
    route: 'PUT /api/citas/:id_cita/cambiar',
    expect: ONLY_PATIENT,
    request: async (w) => {
      await cancelOtherVisits(w);
      const id_cita = await w.fresh.pendingAppointment();
      const slot = await w.fresh.slot();
      return { url: `/api/citas/${id_cita}/cambiar`, body: { fecha: slot.fecha, hora: slot.hora } };
    },
  },
  {
    route: 'PUT /api/citas/:id_cita/cancelar',
    expect: ONLY_PATIENT,
    request: async (w) => ({ url: `/api/citas/${await w.fresh.pendingAppointment()}/cancelar` }),
  },

  // The doctor's agenda (the request names `doctor`'s agenda, so otherDoctor asks for someone else's)
  { route: 'GET /api/doctor/perfil', expect: OWN_DOCTOR_DATA, request: () => ({ url: '/api/doctor/perfil' }) },
  // The doctor's calendar feed: managed by each doctor for themselves, read by its secret address.
  { route: 'GET /api/doctor/calendario', expect: OWN_DOCTOR_DATA, request: () => ({ url: '/api/doctor/calendario' }) },
  {
    route: 'POST /api/doctor/calendario',
    expect: with201(OWN_DOCTOR_DATA),
    request: () => ({ url: '/api/doctor/calendario' }),
  },
  {
    route: 'DELETE /api/doctor/calendario',
    expect: with204(OWN_DOCTOR_DATA),
    request: () => ({ url: '/api/doctor/calendario' }),
  },
  {
    route: 'GET /api/calendario/:token',
    variant: 'unknown address',
    expect: [404, 404, 404, 404, 404, 404, 404],
    request: () => ({ url: `/api/calendario/${'A'.repeat(43)}.ics` }),
  },
  {
    // The live address of `doctor`, whose feed holds `patient`'s visit: anyone with the address reads
    // it, so it must carry no reason (the leak check looks for it) and no full name.
    route: 'GET /api/calendario/:token',
    variant: 'live address',
    expect: PUBLIC,
    request: async (w) => {
      const made = await w.server.request<{ url: string }>('POST', '/api/doctor/calendario', {
        token: w.token('doctor'),
      });
      return { url: new URL(made.body.url).pathname };
    },
  },
  {
    route: 'GET /api/agenda/mi-id-doctor',
    expect: OWN_DOCTOR_DATA,
    request: () => ({ url: '/api/agenda/mi-id-doctor' }),
  },
  {
    route: 'GET /api/agenda',
    expect: ONLY_DOCTOR,
    request: (w) => ({ url: `/api/agenda?fecha=2026-03-20&id_doctor=${doctorId(w)}` }),
  },
  {
    route: 'GET /api/agenda',
    variant: 'own agenda, no id',
    expect: OWN_DOCTOR_DATA,
    request: () => ({ url: '/api/agenda?fecha=2026-03-20' }),
  },
  {
    route: 'POST /api/agenda/crear',
    expect: with201(ONLY_DOCTOR),
    request: (w) => ({
      url: '/api/agenda/crear',
      body: { id_doctor: doctorId(w), fecha: '2026-06-01', bloques: ['09:00', '09:30'] },
    }),
  },
  {
    route: 'PUT /api/agenda/bloquear',
    expect: ONLY_DOCTOR,
    request: (w) => ({
      url: '/api/agenda/bloquear',
      body: {
        id_doctor: doctorId(w),
        fecha: '2026-06-01',
        hora_inicio: '09:00',
        hora_fin: '10:00',
        motivo: 'Congreso',
      },
    }),
  },
  {
    route: 'PUT /api/agenda/desbloquear',
    expect: ONLY_DOCTOR,
    request: (w) => ({
      url: '/api/agenda/desbloquear',
      body: {
        id_doctor: doctorId(w),
        fecha: '2026-06-01',
        hora_inicio: '09:00',
        hora_fin: '10:00',
        motivo: 'Congreso anulado',
      },
    }),
  },
  {
    route: 'PUT /api/agenda/bloqueo-actualizar',
    expect: ONLY_DOCTOR,
    request: async (w) => ({
      url: '/api/agenda/bloqueo-actualizar',
      body: {
        id_agenda: (await w.fresh.slot('Bloqueado')).id_agenda,
        tipo: 'Bloqueo',
        estado: 'Bloqueado',
        descripcion: 'Reunión',
      },
    }),
  },
  {
    route: 'DELETE /api/agenda/bloque/:id',
    expect: with204(ONLY_DOCTOR),
    request: async (w) => ({ url: `/api/agenda/bloque/${(await w.fresh.slot()).id_agenda}` }),
  },
  {
    route: 'GET /api/agenda/bloqueos',
    expect: ONLY_DOCTOR,
    request: (w) => ({ url: `/api/agenda/bloqueos?anio=2026&mes=3&id_doctor=${doctorId(w)}` }),
  },
  {
    route: 'GET /api/agenda/solicitudes-pendientes',
    expect: ONLY_DOCTOR,
    request: (w) => ({ url: `/api/agenda/solicitudes-pendientes?anio=2026&mes=5&id_doctor=${doctorId(w)}` }),
  },
  {
    route: 'GET /api/agenda/solicitudes-por-dia',
    expect: ONLY_DOCTOR,
    request: (w) => ({ url: `/api/agenda/solicitudes-por-dia?anio=2026&mes=5&id_doctor=${doctorId(w)}` }),
  },
  {
    route: 'GET /api/agenda/solicitudes',
    expect: OWN_DOCTOR_DATA,
    request: () => ({ url: '/api/agenda/solicitudes?por_pagina=20' }),
  },
  {
    route: 'GET /api/agenda/solicitudes-dia',
    expect: ONLY_DOCTOR,
    request: (w) => ({ url: `/api/agenda/solicitudes-dia?fecha=2026-05-04&id_doctor=${doctorId(w)}` }),
  },
  {
    route: 'PUT /api/agenda/citas/:id_cita',
    expect: ONLY_DOCTOR,
    request: async (w) => ({
      url: `/api/agenda/citas/${await w.fresh.pendingAppointment()}`,
      body: { estado: 'Confirmada' },
    }),
  },
  {
    route: 'PUT /api/agenda/citas/:id_cita',
    variant: 'rejection with a reason',
    expect: ONLY_DOCTOR,
    request: async (w) => ({
      url: `/api/agenda/citas/${await w.fresh.pendingAppointment()}`,
      body: { estado: 'Cancelada', motivo: 'Estaré en un congreso ese día' },
    }),
  },

  // Weekly hours, absences and holidays: hours by the doctor or an admin, absences by the doctor.
  {
    route: 'GET /api/agenda/horario',
    expect: [401, 403, 403, 200, 403, 200, 403],
    request: (w) => ({ url: `/api/agenda/horario?id_doctor=${doctorId(w)}` }),
  },
  {
    route: 'PUT /api/agenda/horario',
    expect: [401, 403, 403, 200, 403, 200, 403],
    // Hours from the day after the open window's last (8 weeks from the test clock's 2026-03-02:
    // the latest start allowed), so the matrix's agenda stays as it was.
    request: (w) => ({
      url: '/api/agenda/horario',
      body: { id_doctor: doctorId(w), vigente_desde: '2026-04-27', franjas: [{ dia_semana: 1, hora_inicio: '09:00', hora_fin: '10:00', duracion_min: 15 }] },
    }),
  },
  {
    route: 'POST /api/agenda/ausencias/:id/cancelar-citas',
    expect: ONLY_DOCTOR,
    request: async (w) => ({ url: `/api/agenda/ausencias/${await freshAbsence(w)}/cancelar-citas`, body: { citas: [w.own.appointment] } }),
  },

  // Consultations and records
  { route: 'GET /api/medico/consultas', expect: OWN_DOCTOR_DATA, request: () => ({ url: '/api/medico/consultas' }) },
  { route: 'GET /api/medico/pacientes', expect: OWN_DOCTOR_DATA, request: () => ({ url: '/api/medico/pacientes' }) },
  { route: 'GET /api/medico/visitas', expect: OWN_DOCTOR_DATA, request: () => ({ url: '/api/medico/visitas' }) },
  {
    // A doctor may assign a consultation to any active patient (they pick from the whole list).
    route: 'POST /api/consultas',
    expect: with201(OWN_DOCTOR_DATA),
    request: async (w) => ({
      url: '/api/consultas',
      body: {
        pacienteId: (await w.fresh.user('paciente')).id_usuario,
        fecha: '2026-03-25',
        hora: '10:00',
        motivo: 'Control',
      },
    }),
  },
  {
    route: 'PUT /api/consultas/:id/finalizar',
    expect: ONLY_DOCTOR,
    request: async (w) => ({
      url: `/api/consultas/${await w.fresh.pendingConsultation()}/finalizar`,
      body: { diagnostico: 'Sano' },
    }),
  },
  {
    route: 'GET /api/pacientes/:id/historia',
    expect: ONLY_DOCTOR,
    request: (w) => ({ url: `/api/pacientes/${paciente(w)}/historia` }),
  },
  {
    // Break the glass: any doctor may state a reason (then the record opens to them); a fresh patient
    // each time, so the access granted does not change the other rows.
    route: 'POST /api/pacientes/:id/acceso-urgente',
    expect: with201(OWN_DOCTOR_DATA),
    request: async (w) => ({
      url: `/api/pacientes/${(await w.fresh.user('paciente')).id_paciente}/acceso-urgente`,
      body: { motivo: 'Atención urgente sin cita previa' },
    }),
  },
  ...recordRows,
  ...waitlistRows,
  ...noticesRows,
  ...oneTapRows,
  ...reminderRows,
  ...deskPatientsRows,
  ...deskBookingRows,
  ...clinicDayRows,
  ...relocateRows,
  ...visitTypesRows,
  ...opsRows,
  ...trustRows,
  {
    // The path names a treated patient, the entry is someone else's: it does not exist under that patient.
    route: 'PUT /api/pacientes/:id/alergias/:id_entrada',
    variant: "another patient's entry",
    expect: [401, 403, 403, 404, 403, 403, 403],
    request: async (w) => ({
      url: `/api/pacientes/${paciente(w)}/alergias/${await w.fresh.entry('alergias', 'otherPatient')}`,
      body: { nombre: 'Ácaros' },
    }),
  },

  // Attachments
  {
    route: 'GET /api/archivos',
    expect: ONLY_DOCTOR,
    request: (w) => ({ url: `/api/archivos?id_paciente=${paciente(w)}` }),
  },
  {
    route: 'POST /api/archivos',
    expect: with201(ONLY_DOCTOR),
    request: (w) => ({
      url: `/api/archivos?id_paciente=${paciente(w)}`,
      file: { filename: 'ecografia.pdf', bytes: PDF_BYTES },
    }),
  },
  {
    route: 'GET /api/archivos/:id_archivo',
    expect: [401, 200, 403, 200, 403, 403, 403],
    request: (w) => ({ url: `/api/archivos/${w.own.file}` }),
  },
  {
    // Only whoever uploaded it may remove it; the treating doctor may read it but not delete it.
    route: 'DELETE /api/archivos/:id_archivo',
    expect: [401, 204, 403, 403, 403, 403, 403],
    request: async (w) => ({ url: `/api/archivos/${await w.fresh.file()}` }),
  },

  // The assistant: conversations belong to one user
  {
    route: 'POST /api/chat/completions',
    expect: ONLY_OWNER_CHAT,
    request: async (w) => ({
      url: '/api/chat/completions',
      body: { id_chat: await w.fresh.chat(), messages: [{ role: 'user', content: 'Hola' }] },
    }),
  },
  {
    route: 'POST /api/chat/completions',
    variant: 'new conversation',
    expect: ANY_MEMBER,
    request: () => ({ url: '/api/chat/completions', body: { messages: [{ role: 'user', content: 'Hola' }] } }),
  },
  {
    route: 'POST /api/chat/completions/stream',
    expect: ONLY_OWNER_CHAT,
    request: async (w) => ({
      url: '/api/chat/completions/stream',
      body: { id_chat: await w.fresh.chat(), messages: [{ role: 'user', content: 'Hola' }] },
    }),
  },
  {
    route: 'GET /api/chat/:id/mensajes',
    variant: 'the conversation with a clinical question',
    expect: ONLY_OWNER_CHAT,
    request: (w) => ({ url: `/api/chat/${w.own.chat}/mensajes` }),
  },
  { route: 'GET /api/chat/historial', expect: ANY_MEMBER, request: () => ({ url: '/api/chat/historial' }) },
  { route: 'DELETE /api/chat/historial', expect: ANY_MEMBER, request: () => ({ url: '/api/chat/historial' }) },
  {
    route: 'GET /api/chat/:id/mensajes',
    expect: ONLY_OWNER_CHAT,
    request: async (w) => ({ url: `/api/chat/${await w.fresh.chat()}/mensajes` }),
  },
  {
    route: 'PUT /api/chat/:id',
    expect: ONLY_OWNER_CHAT,
    request: async (w) => ({ url: `/api/chat/${await w.fresh.chat()}`, body: { nombre_chat: 'Renombrada' } }),
  },
  {
    route: 'DELETE /api/chat/:id',
    expect: with204(ONLY_OWNER_CHAT),
    request: async (w) => ({ url: `/api/chat/${await w.fresh.chat()}` }),
  },
];

/** The multipart body of a row's upload. */
export function uploadOf(request: MatrixRequest) {
  return request.file ? multipartFile(request.file.filename, request.file.bytes) : undefined;
}
