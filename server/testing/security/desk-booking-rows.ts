import type { MatrixRow, Statuses } from './access-table.ts';
import type { World } from './world.ts';

/**
 * The front desk's booking rows of the authorization table: reception and administrators book,
 * move and cancel for any patient; patients and doctors are refused. Rows that change something
 * make a fresh patient, slot or visit per cell, so the caps never answer instead of the rule.
 */
const DESK: Statuses = [401, 403, 403, 403, 403, 200, 200];
const DESK_201: Statuses = [401, 403, 403, 403, 403, 201, 201];

const specialtyOf = async (w: World) =>
  (
    await w.server.database.db
      .selectFrom('doctores')
      .select('id_especialidad')
      .where('id_doctor', '=', w.users.doctor.id_doctor as number)
      .executeTakeFirstOrThrow()
  ).id_especialidad;

/** A fresh visit of `patient` with `doctor`, and the slot it is on. */
async function visit(w: World) {
  const id_cita = await w.fresh.pendingAppointment();
  const { id_agenda } = await w.server.database.db.selectFrom('citas').select('id_agenda').where('id_cita', '=', id_cita).executeTakeFirstOrThrow();
  return { id_cita, id_agenda };
}

export const deskBookingRows: MatrixRow[] = [
  {
    route: 'GET /api/recepcion/doctores',
    expect: DESK,
    request: async (w) => ({ url: `/api/recepcion/doctores?id_especialidad=${await specialtyOf(w)}` }),
  },
  {
    route: 'GET /api/recepcion/huecos',
    expect: DESK,
    request: async (w) => ({ url: `/api/recepcion/huecos?id_especialidad=${await specialtyOf(w)}&limite=5` }),
  },
  {
    route: 'GET /api/recepcion/pacientes/:id/citas',
    expect: DESK,
    request: (w) => ({ url: `/api/recepcion/pacientes/${w.users.patient.id_paciente as number}/citas` }),
  },
  {
    route: 'POST /api/recepcion/citas',
    expect: DESK_201,
    request: async (w) => ({
      url: '/api/recepcion/citas',
      body: { id_paciente: (await w.fresh.user('paciente')).id_paciente, id_agenda: (await w.fresh.slot()).id_agenda, motivo: 'Control' },
    }),
  },
  {
    route: 'POST /api/recepcion/citas/:id/mover',
    expect: DESK,
    request: async (w) => {
      const { id_cita, id_agenda } = await visit(w);
      // Fresh slots share days: the cells' visits would meet the one-per-doctor-a-day cap.
      const body = { id_agenda: (await w.fresh.slot()).id_agenda, desde_agenda: id_agenda, forzar_limite: { motivo: 'Matriz de acceso' } };
      return { url: `/api/recepcion/citas/${id_cita}/mover`, body };
    },
  },
  {
    route: 'POST /api/recepcion/citas/:id/cancelar',
    expect: DESK,
    request: async (w) => ({ url: `/api/recepcion/citas/${(await visit(w)).id_cita}/cancelar`, body: { motivo: 'La doctora no pasa consulta' } }),
  },
];
