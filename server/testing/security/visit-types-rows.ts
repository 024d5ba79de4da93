import type { MatrixRow, Statuses } from './access-table.ts';
import type { World } from './world.ts';

/**
 * The visit types' rows of the authorization table: every member reads the catalogue and what they
 * may book with a doctor; administrators alone change the catalogue; each doctor sets their own offer.
 */
const ANY_MEMBER: Statuses = [401, 200, 200, 200, 200, 200, 200];
const ONLY_ADMIN: Statuses = [401, 403, 403, 403, 403, 200, 403];
const ANY_DOCTOR: Statuses = [401, 403, 403, 200, 200, 403, 403];

let sequence = 0;
const typeBody = () => {
  sequence += 1;
  const name = `Matriz ${process.pid} ${sequence}`;
  return { nombre_es: name, nombre_ca: name, nombre_en: name, duracion_min: 30, color: '#1c7ed6', reserva: 'todos' as const };
};

/** A fresh catalogue type (made directly, so a refused cell leaves nothing to clash with). */
async function freshType(w: World): Promise<number> {
  const stamp = w.server.clock.now().toISOString();
  const row = await w.server.database.db
    .insertInto('tipos_visita')
    .values({ ...typeBody(), clave: null, instrucciones: null, margen_min: 0, activo: 1, creado_en: stamp, actualizado_en: stamp })
    .returning('id_tipo')
    .executeTakeFirstOrThrow();
  return row.id_tipo;
}

/** Every active type, so a doctor's saved offer leaves what the other rows book unchanged. */
async function wholeCatalogue(w: World) {
  const rows = await w.server.database.db.selectFrom('tipos_visita').select('id_tipo').where('activo', '=', 1).execute();
  return { tipos: rows.map((row) => ({ id_tipo: row.id_tipo })) };
}

export const visitTypesRows: MatrixRow[] = [
  { route: 'GET /api/tipos-visita', expect: ANY_MEMBER, request: () => ({ url: '/api/tipos-visita' }) },
  {
    route: 'POST /api/tipos-visita',
    expect: ONLY_ADMIN.map((status) => (status === 200 ? 201 : status)) as unknown as Statuses,
    request: () => ({ url: '/api/tipos-visita', body: typeBody() }),
  },
  {
    route: 'PUT /api/tipos-visita/:id_tipo',
    expect: ONLY_ADMIN,
    request: async (w) => ({ url: `/api/tipos-visita/${await freshType(w)}`, body: typeBody() }),
  },
  { route: 'GET /api/doctor/tipos-visita', expect: ANY_DOCTOR, request: () => ({ url: '/api/doctor/tipos-visita' }) },
  {
    route: 'PUT /api/doctor/tipos-visita',
    expect: ANY_DOCTOR,
    request: async (w) => ({ url: '/api/doctor/tipos-visita', body: await wholeCatalogue(w) }),
  },
  {
    route: 'GET /api/citas/tipos-visita/:doctorId',
    expect: ANY_MEMBER,
    request: (w) => ({ url: `/api/citas/tipos-visita/${w.users.doctor.id_doctor}` }),
  },
];
