import type { FastifyInstance } from 'fastify';
import type { EnlaceInfo, EnlaceResultado } from '../../../contracts/one-tap.ts';
import { fullName } from '../../../contracts/names.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { instantOf } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Visitor } from '../../lib/request-context.ts';
import { loadJwtSecret } from '../../plugins/auth.ts';
import { oneTapKey, readOneTap, signOneTap, verifyOneTap, type OneTapAction } from '../notices/index.ts';
import { findOneTapVisit, linkUsed, setConfirmedByPatient, useLink } from './one-tap.repository.ts';
import { createBookingService } from './booking.service.ts';

/**
 * A reminder's one-tap links: each signed with the server's secret over its visit, its action,
 * its expiry (the visit's start), the visit's time and the patient's password hash; used once.
 * Confirming and cancelling work without logging in, for that visit and action only; moving sends
 * the patient to log in. Every refusal is the same "not valid" for a link that names nothing, so a
 * guess tells nothing of which visits exist.
 */
export function createOneTapService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const key = oneTapKey(loadJwtSecret(config.jwtSecret, config.dataDir));
  const booking = createBookingService(app);

  async function check(token: string, language: Language) {
    const claim = readOneTap(token);
    if (!claim) throw fail(404, 'enlace_cita_no_valido', language);
    const visit = await findOneTapVisit(db, claim.id_cita);
    if (!visit || !verifyOneTap(key, claim, visit)) throw fail(404, 'enlace_cita_no_valido', language);
    if (await linkUsed(db, claim.firma)) throw fail(409, 'enlace_cita_usado', language);
    const now = clock.now().getTime();
    const start = instantOf(visit.fecha, visit.hora.slice(0, 5), config.timeZone).getTime();
    if (claim.caduca * 1000 <= now || start <= now) throw fail(409, 'enlace_cita_caducado', language);
    if (visit.estado === 'Cancelada') throw fail(409, 'enlace_cita_cancelada', language);
    return { claim, visit };
  }

  return {
    /** The links of a visit for its reminder: confirm, cancel, move (the /enlace screen, under PUBLIC_URL). */
    async links(id_cita: number): Promise<Record<OneTapAction, string> | undefined> {
      const visit = await findOneTapVisit(db, id_cita);
      if (!visit || visit.estado === 'Cancelada') return undefined;
      const caduca = Math.floor(instantOf(visit.fecha, visit.hora.slice(0, 5), config.timeZone).getTime() / 1000);
      const url = (accion: OneTapAction) => {
        const path = `/enlace?token=${signOneTap(key, { id_cita, accion, caduca }, visit)}`;
        return config.publicUrl ? new URL(path, config.publicUrl).toString() : path;
      };
      return { confirmar: url('confirmar'), cancelar: url('cancelar'), cambiar: url('cambiar') };
    },

    async describe(visitor: Visitor, token: string): Promise<EnlaceInfo> {
      const { claim, visit } = await check(token, visitor.language);
      return {
        accion: claim.accion,
        fecha: visit.fecha,
        hora: visit.hora.slice(0, 5),
        doctor: fullName({ nombre: visit.doctor_nombre, apellido1: visit.doctor_apellido1, apellido2: visit.doctor_apellido2 }),
        confirmada_paciente: visit.confirmada_paciente_en !== null,
      };
    },

    async use(visitor: Visitor, token: string): Promise<EnlaceResultado> {
      const { language } = visitor;
      const { claim, visit } = await check(token, language);
      const stamp = clock.now().toISOString();
      if (claim.accion === 'cambiar') throw fail(400, 'enlace_cita_requiere_sesion', language);
      if (claim.accion === 'confirmar') {
        await db.transaction().execute(async (trx) => {
          if (!(await useLink(trx, { firma: claim.firma, id_cita: claim.id_cita, accion: claim.accion, usado_en: stamp }))) {
            throw fail(409, 'enlace_cita_usado', language);
          }
          if (!(await setConfirmedByPatient(trx, claim.id_cita, stamp))) throw fail(409, 'enlace_cita_cancelada', language);
        });
        return { accion: 'confirmar', id_cita: claim.id_cita, estado: visit.estado };
      }
      // Cancelling is the patient's own cancellation, with its rules (the clinic's notice) and its notices.
      const caller = {
        actor: {
          id_usuario: visit.id_usuario,
          nombre_usuario: visit.nombre_usuario,
          nombre: visit.nombre,
          rol: 'paciente' as const,
          idioma: visit.idioma,
          id_paciente: visit.id_paciente,
          id_doctor: null,
          id_sesion: 'enlace',
        },
        language,
        address: visitor.address,
      };
      const done = await booking.cancel(caller, claim.id_cita);
      await useLink(db, { firma: claim.firma, id_cita: claim.id_cita, accion: claim.accion, usado_en: stamp });
      return { accion: 'cancelar', id_cita: done.id_cita, estado: done.estado };
    },
  };
}
