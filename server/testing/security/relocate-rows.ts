import type { MatrixRow, Statuses } from './access-table.ts';
import { freshAbsence, type World } from './world.ts';

/**
 * The rows of the clinic's closures and holiday list, of absences (a doctor's own; the desk and an
 * administrator enter any doctor's) and of the desk's visits to relocate (reception and admin only).
 */
const STAFF: Statuses = [401, 403, 403, 200, 200, 200, 200];
const ADMIN_201: Statuses = [401, 403, 403, 403, 403, 201, 403];
const ADMIN_204: Statuses = [401, 403, 403, 403, 403, 204, 403];
const DESK: Statuses = [401, 403, 403, 403, 403, 200, 200];
const ABSENCE_OF_DOCTOR: Statuses = [401, 403, 403, 200, 403, 200, 200];
const as201 = (statuses: Statuses) => statuses.map((s) => (s === 200 ? 201 : s)) as unknown as Statuses;
const as204 = (statuses: Statuses) => statuses.map((s) => (s === 200 ? 204 : s)) as unknown as Statuses;

const doctorId = (w: World) => w.users.doctor.id_doctor as number;
let sequence = 0;
const day = (month: string) => {
  sequence += 1;
  return `2027-${month}-${String(1 + (sequence % 27)).padStart(2, '0')}`;
};


const freshClosure = async (w: World) =>
  (
    await w.server.database.db
      .insertInto('cierres_clinica')
      .values({ fecha_inicio: '2027-01-20', fecha_fin: '2027-01-20', motivo: 'Obras', creado_en: new Date().toISOString() })
      .returning('id_cierre')
      .executeTakeFirstOrThrow()
  ).id_cierre;

const freshHoliday = async (w: World) => {
  const fecha = day('03');
  await w.server.database.db
    .insertInto('festivos_clinica')
    .values({ fecha, tipo: 'local', nombre: 'Fiesta mayor', creado_en: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('fecha').doNothing())
    .execute();
  return fecha;
};

/** A pending visit of `patient` with `doctor` that waits for the desk. */
const waitingVisit = async (w: World) => {
  const id_cita = await w.fresh.pendingAppointment();
  await w.server.database.db
    .updateTable('citas')
    .set({ reubicar_causa: 'cierre', reubicar_ref: null, reubicar_motivo: 'Obras' })
    .where('id_cita', '=', id_cita)
    .execute();
  return id_cita;
};

export const relocateRows: MatrixRow[] = [
  { route: 'GET /api/agenda/ausencias', expect: ABSENCE_OF_DOCTOR, request: (w) => ({ url: `/api/agenda/ausencias?id_doctor=${doctorId(w)}` }) },
  {
    route: 'POST /api/agenda/ausencias',
    expect: as201(ABSENCE_OF_DOCTOR),
    request: (w) => ({
      url: '/api/agenda/ausencias',
      body: { id_doctor: doctorId(w), fecha_inicio: '2026-12-24', fecha_fin: '2026-12-24', motivo: 'Congreso' },
    }),
  },
  {
    route: 'DELETE /api/agenda/ausencias/:id',
    expect: as204(ABSENCE_OF_DOCTOR),
    request: async (w) => ({ url: `/api/agenda/ausencias/${await freshAbsence(w)}` }),
  },
  {
    route: 'GET /api/agenda/ausencias/:id/citas',
    expect: ABSENCE_OF_DOCTOR,
    request: async (w) => ({ url: `/api/agenda/ausencias/${await freshAbsence(w)}/citas` }),
  },
  { route: 'GET /api/agenda/festivos', expect: STAFF, request: () => ({ url: '/api/agenda/festivos?anio=2026' }) },
  { route: 'GET /api/clinica/cierres', expect: STAFF, request: () => ({ url: '/api/clinica/cierres' }) },
  {
    route: 'POST /api/clinica/cierres',
    expect: ADMIN_201,
    request: () => ({ url: '/api/clinica/cierres', body: { fecha_inicio: '2027-01-10', fecha_fin: '2027-01-11', motivo: 'Obras' } }),
  },
  { route: 'DELETE /api/clinica/cierres/:id', expect: ADMIN_204, request: async (w) => ({ url: `/api/clinica/cierres/${await freshClosure(w)}` }) },
  {
    route: 'POST /api/clinica/festivos',
    expect: ADMIN_204,
    request: () => ({ url: '/api/clinica/festivos', body: { tipo: 'local', fecha: day('02'), nombre: 'Fiesta mayor' } }),
  },
  { route: 'DELETE /api/clinica/festivos/:fecha', expect: ADMIN_204, request: async (w) => ({ url: `/api/clinica/festivos/${await freshHoliday(w)}` }) },
  { route: 'GET /api/recepcion/por-reubicar', expect: DESK, request: () => ({ url: '/api/recepcion/por-reubicar' }) },
  {
    route: 'GET /api/recepcion/por-reubicar/propuestas',
    expect: DESK,
    request: async (w) => ({ url: `/api/recepcion/por-reubicar/propuestas?ids=${await waitingVisit(w)}` }),
  },
  {
    route: 'GET /api/recepcion/por-reubicar/huecos',
    expect: DESK,
    request: async (w) => ({ url: `/api/recepcion/por-reubicar/huecos?id_cita=${await waitingVisit(w)}&fecha=2026-04-10` }),
  },
  {
    route: 'POST /api/recepcion/por-reubicar/mover',
    expect: DESK,
    request: async (w) => ({
      url: '/api/recepcion/por-reubicar/mover',
      body: { citas: [{ id_cita: await waitingVisit(w), id_agenda: (await w.fresh.slot()).id_agenda }] },
    }),
  },
  {
    route: 'POST /api/recepcion/por-reubicar/cancelar',
    expect: DESK,
    request: async (w) => ({ url: '/api/recepcion/por-reubicar/cancelar', body: { ids: [await waitingVisit(w)], motivo: 'La clínica cierra' } }),
  },
];
