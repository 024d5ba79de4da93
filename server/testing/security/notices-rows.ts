import type { MatrixRow, Statuses } from './access-table.ts';

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
