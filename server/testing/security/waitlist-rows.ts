import { randomBytes } from 'node:crypto';
import { hashToken } from '../../modules/auth/password-reset.service.ts';
import type { MatrixRow, Statuses } from './access-table.ts';
import { cancelOtherVisits, type World } from './world.ts';

/**
 * The waitlist's rows of the authorization table. Only patients have a waitlist; an offer's link
 * belongs to its patient alone, and to anyone else it names nothing (404).
 */
const OWN_PATIENT_DATA: Statuses = [401, 200, 200, 403, 403, 403, 403];
const ONLY_PATIENT_204: Statuses = [401, 204, 403, 403, 403, 403, 403];
const OFFER_OF_PATIENT: Statuses = [401, 200, 404, 403, 403, 403, 403];
const CLAIM_OF_PATIENT: Statuses = [401, 201, 404, 403, 403, 403, 403];

let sequence = 0;

/** A fresh active entry of `patient` (its own objetivo, so several may be active at once). */
async function entryOfPatient(w: World): Promise<number> {
  sequence += 1;
  const now = w.server.clock.now().toISOString();
  const row = await w.server.database.db
    .insertInto('lista_espera')
    .values({
      id_paciente: w.users.patient.id_paciente as number,
      id_doctor: w.users.doctor.id_doctor as number,
      id_especialidad: (
        await w.server.database.db.selectFrom('especialidades').select('id_especialidad').executeTakeFirstOrThrow()
      ).id_especialidad,
      objetivo: `matriz:${process.pid}:${sequence}`,
      desde: now.slice(0, 10),
      hasta: now.slice(0, 10),
      franja: 'cualquiera',
      hora_desde: '00:00',
      hora_hasta: '24:00',
      estado: 'activa',
      ofertas: 0,
      creado_en: now,
      terminada_en: null,
    })
    .returning('id_entrada')
    .executeTakeFirstOrThrow();
  return row.id_entrada;
}

/** A live offer to `patient` of a fresh free slot of `doctor`; answers the link's token. */
async function offerToPatient(w: World): Promise<string> {
  const id_entrada = await entryOfPatient(w);
  const slot = await w.fresh.slot();
  const token = randomBytes(32).toString('base64url');
  const now = w.server.clock.now();
  await w.server.database.db
    .insertInto('ofertas_espera')
    .values({
      id_entrada,
      id_agenda: slot.id_agenda,
      hash_token: hashToken(token),
      estado: 'enviada',
      creado_en: now.toISOString(),
      caduca_en: new Date(now.getTime() + 3_600_000).toISOString(),
      resuelta_en: null,
      avisada_en: null,
    })
    .execute();
  return token;
}

export const waitlistRows: MatrixRow[] = [
  { route: 'GET /api/lista-espera', expect: OWN_PATIENT_DATA, request: () => ({ url: '/api/lista-espera' }) },
  {
    route: 'POST /api/lista-espera',
    expect: OWN_PATIENT_DATA.map((status) => (status === 200 ? 201 : status)) as unknown as Statuses,
    request: async (w) => {
      // Each patient joins a new doctor's list, so no cell meets the duplicate or the cap.
      const doctor = await w.server.createUser('doctor');
      const today = w.server.clock.now().toISOString().slice(0, 10);
      return { url: '/api/lista-espera', body: { id_doctor: doctor.id_doctor, desde: today, hasta: today, franja: 'manana' } };
    },
  },
  {
    route: 'DELETE /api/lista-espera/:id_entrada',
    expect: ONLY_PATIENT_204,
    request: async (w) => ({ url: `/api/lista-espera/${await entryOfPatient(w)}` }),
  },
  {
    route: 'GET /api/lista-espera/ofertas/:token',
    expect: OFFER_OF_PATIENT,
    request: async (w) => ({ url: `/api/lista-espera/ofertas/${await offerToPatient(w)}` }),
  },
  {
    route: 'POST /api/lista-espera/ofertas/:token/aceptar',
    expect: CLAIM_OF_PATIENT,
    request: async (w) => {
      await cancelOtherVisits(w);
      return { url: `/api/lista-espera/ofertas/${await offerToPatient(w)}/aceptar`, body: { motivo: 'Revisión', recordatorio: false } };
    },
  },
];
