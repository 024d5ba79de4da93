import { normalizeForSearch } from '../../../contracts/common.ts';
import { addDays } from '../../lib/clock.ts';
import { addMinutes, slotStarts } from '../../lib/slots.ts';
import type { BulkWriter } from './bulk-writer.ts';

export interface LargeClinicOptions {
  patients: number;
  doctors: number;
  days: number;
  /** The clinic's today (YYYY-MM-DD): the agenda runs from `days - 60` days ago to 60 days ahead. */
  today: string;
  /** One password hash for every generated account (they all share the bench password). */
  passwordHash: string;
  seed?: number;
  onProgress?: (message: string) => void;
}

export interface LargeClinicSummary {
  usuarios: number;
  pacientes: number;
  doctores: number;
  agenda: number;
  citas: number;
  consultas: number;
  entradasFicha: number;
}

const FIRST_NAMES = ['José', 'María', 'Antonio', 'Carmen', 'Manuel', 'Josefa', 'Francisco', 'Ana', 'David', 'Lucía', 'Jordi', 'Montserrat', 'Javier', 'Núria', 'Álvaro', 'Inés', 'Sergio', 'Raquel', 'Pau', 'Laia', 'Óscar', 'Elena', 'Íñigo', 'Sofía', 'Andrés', 'Marta', 'Joan', 'Mireia', 'Rubén', 'Begoña'];
const SURNAMES = ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Puig', 'Soler', 'Vidal', 'Ferrer', 'Serra', 'Castells', 'Núñez', 'Ibáñez', 'Peña', 'Cortés', 'Domínguez', 'Vázquez'];
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const REASONS = ['Revisión anual', 'Dolor de espalda', 'Control de tensión', 'Tos persistente', 'Renovación de receta', 'Dolor de cabeza', 'Análisis de sangre', 'Fiebre', 'Dolor abdominal', 'Mareos'];
const ALLERGIES = ['Penicilina', 'Polen', 'Ácaros', 'Frutos secos', 'Látex', 'Ibuprofeno', 'Marisco'];
const DISEASES = ['Hipertensión arterial', 'Diabetes tipo 2', 'Asma', 'Hipotiroidismo', 'Migraña', 'Artrosis'];
const VACCINES = ['Gripe estacional', 'Tétanos-difteria', 'COVID-19', 'Neumococo', 'Hepatitis B'];
const TYPES = ['Consulta', 'Revisión', 'Urgencia'] as const;

/** A small deterministic generator, so two runs produce the same clinic. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

const BATCH = 20_000;

/**
 * Fills an empty, migrated database with a large generated clinic: patients with accounts, doctors
 * with a year of weekday agenda (15-minute slots, 09:00-14:00 and 16:00-19:00), appointments on
 * part of the slots, consultations for past visits, and medical-file entries.
 */
export async function seedLargeClinic(writer: BulkWriter, options: LargeClinicOptions): Promise<LargeClinicSummary> {
  const rng = random(options.seed ?? 42);
  const progress = options.onProgress ?? (() => {});
  const stamp = `${options.today}T08:00:00.000Z`;
  const summary: LargeClinicSummary = { usuarios: 0, pacientes: 0, doctores: 0, agenda: 0, citas: 0, consultas: 0, entradasFicha: 0 };
  const userColumns = ['id_usuario', 'nombre_usuario', 'correo', 'contrasena_hash', 'rol', 'nombre', 'apellido1', 'apellido2', 'telefono', 'dni', 'nacimiento', 'idioma', 'busqueda', 'version_token', 'activo', 'creado_en'] as const;
  let userId = 0;
  // Four in five have a DNI, nine in ten a birth date (1930 to 2019), both from the id alone so the
  // generator's other draws stay as they were: what the desk's search looks people up by.
  const dniOf = (id: number) => (id % 5 === 0 ? null : `${String(id).padStart(8, '0')}${DNI_LETTERS[id % 23]}`);
  const birthDateOf = (id: number) =>
    id % 10 === 0 ? null : addDays('1930-01-01', (id * 7919) % (90 * 365));
  const userRow = (usuario: string, rol: string, nombre: string, apellido1: string, apellido2: string) => {
    userId += 1;
    const correo = `${usuario}@galeno.example`;
    return [userId, usuario, correo, options.passwordHash, rol, nombre, apellido1, apellido2, rng.next() < 0.7 ? `6${String(10_000_000 + userId).slice(-8)}` : null, dniOf(userId), birthDateOf(userId), 'es', normalizeForSearch(`${nombre} ${apellido1} ${apellido2} ${usuario} ${correo}`), 0, 1, stamp];
  };

  await writer.insert('usuarios', userColumns, [userRow('admin', 'admin', 'Admin', 'Galeno', 'Bench')]);
  summary.usuarios += 1;

  // Doctors.
  const doctorUsers: unknown[][] = [];
  const doctorRows: unknown[][] = [];
  for (let d = 1; d <= options.doctors; d++) {
    const row = userRow(`doctor${d}`, 'doctor', rng.pick(FIRST_NAMES), rng.pick(SURNAMES), rng.pick(SURNAMES));
    doctorUsers.push(row);
    doctorRows.push([d, row[0], String(100_000_000 + d), (d % 46) + 1, 'L-V 09:00-14:00, 16:00-19:00', 'Activo', addDays(options.today, -1000), 0, 15]);
  }
  await writer.insert('usuarios', userColumns, doctorUsers);
  await writer.insert('doctores', ['id_doctor', 'id_usuario', 'numero_colegiado', 'id_especialidad', 'horario', 'estado', 'fecha_alta', 'creado_automaticamente', 'intervalo_min'], doctorRows);
  summary.usuarios += options.doctors;
  summary.doctores = options.doctors;
  progress(`${options.doctors} doctors`);

  // Patients, in batches.
  for (let start = 1; start <= options.patients; start += BATCH) {
    const users: unknown[][] = [];
    const patients: unknown[][] = [];
    for (let p = start; p < Math.min(start + BATCH, options.patients + 1); p++) {
      const row = userRow(`paciente${p}`, 'paciente', rng.pick(FIRST_NAMES), rng.pick(SURNAMES), rng.pick(SURNAMES));
      users.push(row);
      patients.push([p, row[0], rng.next() < 0.95 ? 'Activo' : 'Inactivo', addDays(options.today, -Math.floor(rng.next() * 2000))]);
    }
    await writer.insert('usuarios', userColumns, users);
    await writer.insert('pacientes', ['id_paciente', 'id_usuario', 'estado', 'fecha_alta'], patients);
    summary.usuarios += users.length;
    summary.pacientes += patients.length;
  }
  progress(`${options.patients} patients`);

  // Agenda, appointments and consultations, doctor by doctor.
  const starts = [...slotStarts('09:00', '14:00', 15), ...slotStarts('16:00', '19:00', 15)];
  const firstDay = addDays(options.today, -(options.days - 60));
  let slotId = 0;
  let citaId = 0;
  let consultaId = 0;
  for (let d = 1; d <= options.doctors; d++) {
    const slots: unknown[][] = [];
    const citas: unknown[][] = [];
    const consultas: unknown[][] = [];
    for (let offset = 0; offset < options.days; offset++) {
      const fecha = addDays(firstDay, offset);
      const weekday = new Date(`${fecha}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const past = fecha < options.today;
      for (const hora of starts) {
        slotId += 1;
        const roll = rng.next();
        const blocked = roll < 0.04;
        const booked = !blocked && roll < (past ? 0.55 : 0.25);
        slots.push([slotId, d, fecha, hora, addMinutes(hora, 15), 15, blocked ? 'Bloqueo' : 'Consulta', blocked ? 'Bloqueado' : booked ? 'Reservado' : 'Disponible', blocked ? 'Reunión' : null]);
        if (!booked || options.patients === 0) continue;
        citaId += 1;
        const patient = 1 + Math.floor(rng.next() * options.patients);
        const estado = past ? 'Confirmada' : rng.next() < 0.5 ? 'pendiente' : 'Confirmada';
        citas.push([citaId, patient, d, slotId, fecha, hora, rng.pick(REASONS), 0, estado, stamp, stamp]);
        if (past && rng.next() < 0.5) {
          consultaId += 1;
          consultas.push([consultaId, patient, d, citaId, fecha, hora, rng.pick(TYPES), rng.pick(REASONS), 'Exploración sin hallazgos relevantes', 'Sin alteraciones', 'Control habitual', 'finalizada', stamp, stamp]);
        }
      }
    }
    await writer.insert('agenda', ['id_agenda', 'id_doctor', 'fecha', 'hora_inicio', 'hora_fin', 'duracion_min', 'tipo', 'estado', 'descripcion'], slots);
    await writer.insert('citas', ['id_cita', 'id_paciente', 'id_doctor', 'id_agenda', 'fecha', 'hora', 'motivo', 'recordatorio', 'estado', 'creado_en', 'actualizado_en'], citas);
    await writer.insert('consultas', ['id_consulta', 'id_paciente', 'id_doctor', 'id_cita', 'fecha', 'hora', 'tipo', 'motivo', 'descripcion', 'diagnostico', 'recomendaciones', 'estado', 'creado_en', 'finalizada_en'], consultas);
    summary.agenda += slots.length;
    summary.citas += citas.length;
    summary.consultas += consultas.length;
    if (d % 20 === 0) progress(`agenda of ${d}/${options.doctors} doctors (${summary.agenda} slots)`);
  }

  // Medical-file entries.
  const entries = { alergias: [] as unknown[][], enfermedades: [] as unknown[][], vacunas: [] as unknown[][] };
  const flush = async (force: boolean) => {
    for (const [table, rows] of Object.entries(entries)) {
      if (rows.length === 0 || (!force && rows.length < BATCH)) continue;
      const columns =
        table === 'alergias'
          ? ['id_paciente', 'nombre', 'fecha_diagnostico', 'observaciones', 'creado_por', 'creado_en']
          : table === 'enfermedades'
            ? ['id_paciente', 'nombre', 'tipo', 'fecha_diagnostico', 'observaciones', 'activa', 'creado_por', 'creado_en']
            : ['id_paciente', 'nombre', 'fecha_aplicacion', 'dosis', 'descripcion', 'creado_por', 'creado_en'];
      await writer.insert(table, columns, rows);
      summary.entradasFicha += rows.length;
      rows.length = 0;
    }
  };
  for (let p = 1; p <= options.patients; p++) {
    const date = addDays(options.today, -Math.floor(rng.next() * 3000));
    if (rng.next() < 0.3) entries.alergias.push([p, rng.pick(ALLERGIES), date, null, null, stamp]);
    if (rng.next() < 0.25) entries.enfermedades.push([p, rng.pick(DISEASES), 'Crónica', date, null, 1, null, stamp]);
    if (rng.next() < 0.5) entries.vacunas.push([p, rng.pick(VACCINES), date, 'Única', null, null, stamp]);
    await flush(false);
  }
  await flush(true);
  progress(`${summary.entradasFicha} medical-file entries`);

  await writer.syncSequences({
    usuarios: 'id_usuario',
    pacientes: 'id_paciente',
    doctores: 'id_doctor',
    agenda: 'id_agenda',
    citas: 'id_cita',
    consultas: 'id_consulta',
  });
  return summary;
}
