import { instantOf } from '../../lib/clock.ts';
import { oneTapKey, signOneTap, type OneTapAction } from '../../modules/notices/index.ts';
import { loadJwtSecret } from '../../plugins/auth.ts';
import type { MatrixRow, Statuses } from './access-table.ts';
import type { World } from './world.ts';

/**
 * The notices' rows of the authorization table. What was sent about a visit is for its patient,
 * its doctor, the desk and administrators: never another patient or another doctor.
 */
const VISIT_PEOPLE_AND_STAFF: Statuses = [401, 200, 403, 200, 403, 200, 200];
const NO_SUCH_VISIT: Statuses = [401, 404, 404, 404, 404, 404, 404];

export const noticesRows: MatrixRow[] = [
  {
    route: 'GET /api/citas/:id_cita/avisos',
    expect: VISIT_PEOPLE_AND_STAFF,
    request: (w) => ({ url: `/api/citas/${w.own.appointment}/avisos` }),
  },
  {
    route: 'GET /api/citas/:id_cita/avisos',
    variant: 'a visit that does not exist',
    expect: NO_SUCH_VISIT,
    request: () => ({ url: '/api/citas/999999999/avisos' }),
  },
];

const ONLY_ADMIN: Statuses = [401, 403, 403, 403, 403, 200, 403];
const EACH_PATIENT_OWN: Statuses = [401, 200, 200, 403, 403, 403, 403];

/** The clinic's reminder plan is the administrators'; a patient's switches are their own. */
export const reminderRows: MatrixRow[] = [
  { route: 'GET /api/clinica/recordatorios', expect: ONLY_ADMIN, request: () => ({ url: '/api/clinica/recordatorios' }) },
  {
    route: 'PUT /api/clinica/recordatorios',
    expect: ONLY_ADMIN,
    request: () => ({ url: '/api/clinica/recordatorios', body: { pasos: [{ canal: 'email', horas_antes: 48 }, { canal: 'sms', horas_antes: 24 }] } }),
  },
  { route: 'GET /api/medico/avisos', expect: [401, 403, 403, 200, 200, 403, 403], request: () => ({ url: '/api/medico/avisos' }) },
  { route: 'GET /api/mi-cuenta/avisos', expect: EACH_PATIENT_OWN, request: () => ({ url: '/api/mi-cuenta/avisos' }) },
  { route: 'PUT /api/mi-cuenta/avisos', expect: EACH_PATIENT_OWN, request: () => ({ url: '/api/mi-cuenta/avisos', body: { recordatorio_correo: true, sms: true } }) },
];

const EVERYONE: Statuses = [200, 200, 200, 200, 200, 200, 200];
const NOBODY_FINDS: Statuses = [404, 404, 404, 404, 404, 404, 404];
let linkSequence = 0;

/**
 * A fresh one-tap link of `patient`'s own visit: its expiry a few seconds earlier each time, so
 * its signature differs from every other (each link works once).
 */
async function ownVisitLink(w: World, accion: OneTapAction): Promise<string> {
  linkSequence += 1;
  const visit = await w.server.database.db
    .selectFrom('citas as c')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select(['c.id_cita', 'c.fecha', 'c.hora', 'u.contrasena_hash'])
    .where('c.id_cita', '=', w.own.appointment)
    .executeTakeFirstOrThrow();
  const { config } = w.server.app;
  const key = oneTapKey(loadJwtSecret(config.jwtSecret, config.dataDir));
  const caduca = Math.floor(instantOf(visit.fecha, visit.hora.slice(0, 5), config.timeZone).getTime() / 1000) - linkSequence;
  return signOneTap(key, { id_cita: visit.id_cita, accion, caduca }, visit);
}

export const oneTapRows: MatrixRow[] = [
  { route: 'GET /api/enlaces/:token', expect: EVERYONE, request: async (w) => ({ url: `/api/enlaces/${await ownVisitLink(w, 'cambiar')}` }) },
  { route: 'POST /api/enlaces/:token', expect: EVERYONE, request: async (w) => ({ url: `/api/enlaces/${await ownVisitLink(w, 'confirmar')}` }) },
  { route: 'GET /api/enlaces/:token', variant: 'a forged link', expect: NOBODY_FINDS, request: () => ({ url: `/api/enlaces/1.confirmar.9999999999.${'A'.repeat(43)}` }) },
  { route: 'POST /api/enlaces/:token', variant: 'a forged link', expect: NOBODY_FINDS, request: () => ({ url: `/api/enlaces/1.cancelar.9999999999.${'A'.repeat(43)}` }) },
];
