import type { FastifyInstance } from 'fastify';
import type { AgendaDiaQuery, BandejaQuery, MesQuery, RespuestaCita, Solicitud, SolicitudBandeja, SolicitudesPorDia } from '../../../contracts/agenda.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { writeAudit } from '../audit/index.ts';
import { openConsultationFor } from '../consultations/index.ts';
import { recordVisitChange, sendNoticesSoon } from '../notices/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { changeAppointmentState, lockAppointment } from './appointments.repository.ts';
import { dayRequests, inboxRequests, noShowsByPatient, pendingCounts, pendingDays } from './requests.repository.ts';
import { noShowsSince } from './booking-window.ts';
import { releaseAppointment } from './release-appointment.ts';

const hhmm = (time: string) => time.slice(0, 5);

/** The first day of a month and of the next one, as ISO dates. */
function monthBounds(anio: number, mes: number): [string, string] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = mes === 12 ? `${anio + 1}-01-01` : `${anio}-${pad(mes + 1)}-01`;
  return [`${anio}-${pad(mes)}-01`, next];
}

/** The caller's doctor id; naming another doctor's requests is refused. */
function requestsOwner(caller: Caller, id_doctor: number | undefined): number {
  const own = ownDoctorId(caller.actor, caller.language);
  if (id_doctor !== undefined && id_doctor !== own) throw fail(403, 'sin_permiso', caller.language);
  return own;
}

/** The doctor's side of patients' requests: which days have them, the inbox, a day's, and the answer. */
export function createRequestsService(app: FastifyInstance) {
  const { db, clock, config } = app;
  /** Each request with its patient's no-shows of the last 12 months: the doctor sees them as they decide. */
  const withNoShows = async <T extends { id_paciente: number }>(rows: T[]): Promise<(T & { no_presentados: number })[]> => {
    const counts = await noShowsByPatient(db, rows.map((row) => row.id_paciente), noShowsSince(clock.now(), config.timeZone));
    return rows.map((row) => ({ ...row, no_presentados: counts.get(row.id_paciente) ?? 0 }));
  };
  return {
    async pendingDays(caller: Caller, query: MesQuery): Promise<number[]> {
      return pendingDays(db, requestsOwner(caller, query.id_doctor), ...monthBounds(query.anio, query.mes));
    },

    async pendingCounts(caller: Caller, query: MesQuery): Promise<SolicitudesPorDia> {
      return pendingCounts(db, requestsOwner(caller, query.id_doctor), ...monthBounds(query.anio, query.mes));
    },

    /** The inbox: every pending request of the caller still to come, whatever its day, oldest request first. */
    async inbox(caller: Caller, query: BandejaQuery): Promise<{ items: SolicitudBandeja[]; total: number }> {
      const now = clock.now();
      const { rows, total } = await inboxRequests(db, {
        id_doctor: ownDoctorId(caller.actor, caller.language),
        today: localDate(now, config.timeZone),
        time: localTime(now, config.timeZone),
        limit: query.por_pagina,
        offset: (query.pagina - 1) * query.por_pagina,
      });
      return { items: await withNoShows(rows), total };
    },

    async dayRequests(caller: Caller, query: AgendaDiaQuery): Promise<Solicitud[]> {
      return withNoShows(await dayRequests(db, requestsOwner(caller, query.id_doctor), query.fecha));
    },

    /**
     * The doctor's answer to an appointment: a pending one is accepted (Confirmada) or rejected, a
     * confirmed one may still be cancelled. Cancelling frees the slot and keeps the
     * optional reason, which the patient reads in /mis-visitas and in an e-mail.
     * The answer acts on the visit as it is inside its own transaction (locked), and when the
     * doctor names the time they saw, a visit the patient has moved since is refused (409): the
     * doctor never confirms a time they did not see, nor frees a slot the visit left.
     */
    async answer(caller: Caller, id_cita: number, input: RespuestaCita) {
      const { estado } = input;
      const own = ownDoctorId(caller.actor, caller.language);
      const now = clock.now().toISOString();
      const from = estado === 'Confirmada' ? (['pendiente'] as const) : (['pendiente', 'Confirmada'] as const);
      const cancellation = { cancelada_por: 'doctor' as const, motivo_rechazo: input.motivo ?? null };
      const cita = await db.transaction().execute(async (trx) => {
        const cita = await lockAppointment(trx, id_cita, app.database.dialect);
        if (!cita) throw fail(404, 'no_encontrado', caller.language);
        if (cita.id_doctor !== own) throw fail(403, 'sin_permiso', caller.language);
        if (!(from as readonly string[]).includes(cita.estado)) throw fail(409, 'cita_ya_respondida', caller.language);
        if (input.fecha !== undefined && (input.fecha !== cita.fecha || input.hora !== hhmm(cita.hora))) {
          throw fail(409, 'cita_cambiada_por_paciente', caller.language);
        }
        if (!(await changeAppointmentState(trx, id_cita, estado, from, now, estado === 'Cancelada' ? cancellation : {}))) {
          throw fail(409, 'cita_ya_respondida', caller.language);
        }
        if (estado === 'Confirmada') await openConsultationFor(trx, cita, now);
        else await releaseAppointment(app, trx, cita);
        const motivo = input.motivo ?? null;
        await recordVisitChange(
          app,
          trx,
          findAppointmentMailRows,
          id_cita,
          estado === 'Confirmada'
            ? { tipo: 'confirmada' }
            : cita.estado === 'pendiente'
              ? { tipo: 'rechazada', motivo }
              : { tipo: 'cancelada', por: 'doctor', motivo },
        );
        await writeAudit(trx, {
          id_usuario: caller.actor.id_usuario,
          rol: caller.actor.rol,
          id_paciente: cita.id_paciente,
          // A request turned down is a rejection; a confirmed visit called off, a cancellation.
          accion: estado === 'Confirmada' ? 'cita.confirmar' : cita.estado === 'pendiente' ? 'cita.rechazar' : 'cita.cancelar',
          detalle: `cita ${id_cita}`,
          ip: caller.address,
          creado_en: now,
        });
        return cita;
      });
      sendNoticesSoon(app);
      if (estado === 'Cancelada') app.events.emit('slotFreed', { id_doctor: cita.id_doctor });
      return { id_cita, estado };
    },
  };
}
