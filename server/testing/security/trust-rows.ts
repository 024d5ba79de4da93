import { addMinutes } from '../../lib/slots.ts';
import { addAppointment } from '../patients.ts';
import type { MatrixRow, Statuses } from './access-table.ts';
import type { World } from './world.ts';

/** The patient disputes a no-show of their own: only they may (another patient's visit is not theirs). */
const OWNER_PATIENT_201: Statuses = [401, 201, 403, 403, 403, 403, 403];

let sequence = 0;
/** A visit of `patient` with `doctor`, booked on its day and marked missed: one per cell. */
const sameDayNoShow = async (w: World) => {
  sequence += 1;
  const id_cita = await addAppointment(w.server, {
    id_paciente: w.users.patient.id_paciente as number,
    id_doctor: w.users.doctor.id_doctor as number,
    fecha: '2026-02-26',
    hora: addMinutes('08:00', sequence * 15),
    estado: 'Confirmada',
  });
  await w.server.database.db
    .updateTable('citas')
    .set({ asistencia: 'No presentado', reservada_en_su_dia: 1, creado_en: '2026-02-26T07:00:00.000Z' })
    .where('id_cita', '=', id_cita)
    .execute();
  return id_cita;
};

export const trustRows: MatrixRow[] = [
  {
    route: 'POST /api/citas/:id_cita/disputa',
    expect: OWNER_PATIENT_201,
    request: async (w) => ({ url: `/api/citas/${await sameDayNoShow(w)}/disputa`, body: { motivo: 'Estuve en la sala de espera' } }),
  },
];
