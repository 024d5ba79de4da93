import type { MatrixRow, Statuses } from './access-table.ts';
import type { World } from './world.ts';

/**
 * The front desk's patient rows of the authorization table: reception and administrators find,
 * read and register patients; patients and doctors never reach them.
 */
const DESK: Statuses = [401, 403, 403, 403, 403, 200, 200];
const DESK_201: Statuses = [401, 403, 403, 403, 403, 201, 201];

let sequence = 0;
/** A caller nobody has registered yet: a name and phone of their own, so no duplicate stops them. */
function newCaller(withMail: boolean) {
  sequence += 1;
  const tag = `${process.pid % 10_000}${sequence}`.padStart(8, '0').slice(-8);
  return {
    nombre: `Matriz${tag}`,
    apellido1: 'Recepcion',
    telefono: `6${tag}`,
    ...(withMail ? { correo: `matriz.${tag}.${process.pid}@example.com` } : {}),
  };
}

/** A patient registered at the desk with an e-mail and no password yet. */
async function invitedPatient(w: World): Promise<number> {
  const created = await w.server.request<{ paciente: { id_paciente: number } }>('POST', '/api/recepcion/pacientes', {
    token: w.token('reception'),
    body: newCaller(true),
  });
  if (created.status !== 201) throw new Error(`could not register a patient at the desk: ${created.status}`);
  return created.body.paciente.id_paciente;
}

export const deskPatientsRows: MatrixRow[] = [
  {
    route: 'GET /api/recepcion/pacientes',
    expect: DESK,
    request: (w) => ({ url: `/api/recepcion/pacientes?buscar=${encodeURIComponent(w.users.patient.usuario)}` }),
  },
  {
    route: 'GET /api/recepcion/pacientes/:id',
    expect: DESK,
    request: (w) => ({ url: `/api/recepcion/pacientes/${w.users.patient.id_paciente}` }),
  },
  {
    route: 'POST /api/recepcion/pacientes',
    expect: DESK_201,
    request: () => ({ url: '/api/recepcion/pacientes', body: newCaller(false) }),
  },
  {
    route: 'POST /api/recepcion/pacientes/:id/invitacion',
    expect: DESK,
    request: async (w, actor) => ({
      url: `/api/recepcion/pacientes/${actor === 'admin' || actor === 'reception' ? await invitedPatient(w) : w.users.patient.id_paciente}/invitacion`,
    }),
  },
];
