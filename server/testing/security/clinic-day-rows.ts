import { localDate } from '../../lib/clock.ts';
import { addMinutes } from '../../lib/slots.ts';
import { addAppointment } from '../patients.ts';
import type { MatrixRow, Statuses } from './access-table.ts';
import type { World } from './world.ts';

/**
 * The clinic's day at the front desk: the board, check-ins, no-shows and walk-ins are the desk's
 * (reception and administrators); the waiting room and "Llamar" are each doctor's own; a day's
 * list on paper is the desk's, or a doctor's own.
 */
const DESK: Statuses = [401, 403, 403, 403, 403, 200, 200];
const DESK_201: Statuses = [401, 403, 403, 403, 403, 201, 201];
const OWN_DOCTOR: Statuses = [401, 403, 403, 200, 200, 403, 403];
const ONLY_DOCTOR: Statuses = [401, 403, 403, 200, 403, 403, 403];
const DESK_OR_OWN_DOCTOR: Statuses = [401, 403, 403, 200, 403, 200, 200];

let sequence = 0;

/** A fresh confirmed visit of `patient` with `doctor` today, at a time of its own (past ones before 09:00). */
async function visitToday(w: World, options: { past?: boolean; arrived?: boolean } = {}): Promise<number> {
  sequence += 1;
  const now = w.server.clock.now();
  const id_cita = await addAppointment(w.server, {
    id_paciente: w.users.patient.id_paciente!,
    id_doctor: w.users.doctor.id_doctor!,
    fecha: localDate(now, w.server.app.config.timeZone),
    hora: addMinutes(options.past ? '00:30' : '15:00', sequence),
    estado: 'Confirmada',
  });
  if (options.arrived) {
    await w.server.database.db.updateTable('citas').set({ llegada_en: now.toISOString() }).where('id_cita', '=', id_cita).execute();
  }
  return id_cita;
}

export const clinicDayRows: MatrixRow[] = [
  { route: 'GET /api/recepcion/hoy', expect: DESK, request: () => ({ url: '/api/recepcion/hoy' }) },
  {
    route: 'POST /api/recepcion/citas/:id/llegada',
    expect: DESK,
    request: async (w) => ({ url: `/api/recepcion/citas/${await visitToday(w)}/llegada` }),
  },
  {
    route: 'POST /api/recepcion/citas/:id/deshacer-llegada',
    expect: DESK,
    request: async (w) => ({ url: `/api/recepcion/citas/${await visitToday(w, { arrived: true })}/deshacer-llegada` }),
  },
  {
    route: 'POST /api/recepcion/citas/:id/no-presentado',
    expect: DESK,
    request: async (w) => ({ url: `/api/recepcion/citas/${await visitToday(w, { past: true })}/no-presentado` }),
  },
  {
    // A patient of their own per cell: a patient with a visit that day with the doctor is checked in instead.
    route: 'POST /api/recepcion/sin-cita',
    expect: DESK_201,
    request: async (w) => ({
      url: '/api/recepcion/sin-cita',
      body: {
        id_paciente: (await w.fresh.user('paciente')).id_paciente,
        id_doctor: w.users.doctor.id_doctor,
        motivo: 'Fiebre',
        modo: 'extra',
      },
    }),
  },
  {
    route: 'GET /api/recepcion/hoy/:id_doctor/pdf',
    expect: DESK_OR_OWN_DOCTOR,
    request: (w) => ({ url: `/api/recepcion/hoy/${w.users.doctor.id_doctor}/pdf` }),
  },
  { route: 'GET /api/medico/sala-espera', expect: OWN_DOCTOR, request: () => ({ url: '/api/medico/sala-espera' }) },
  {
    route: 'POST /api/doctor/citas/:id/llamar',
    expect: ONLY_DOCTOR,
    request: async (w) => ({ url: `/api/doctor/citas/${await visitToday(w, { arrived: true })}/llamar` }),
  },
];
