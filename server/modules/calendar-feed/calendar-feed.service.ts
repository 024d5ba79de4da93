import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FEED_PAST_DAYS, type EnlaceCalendario } from '../../../contracts/calendar-feed.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { addDays, instantOf, localDate } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { buildCalendar, type CalendarEvent } from '../../lib/ics.ts';
import type { Caller, Visitor } from '../../lib/request-context.ts';
import { writeAudit } from '../audit/index.ts';
import { publicBaseUrl } from '../auth/index.ts';
import { currentClinic } from '../clinic/index.ts';
import { clinicPlace, eventUid, feedTexts, visitEnd } from '../reminders/index.ts';
import { findDoctorByLink, findLiveLink, insertLink, lockDoctor, revokeLinks } from './calendar-feed.repository.ts';
import { doctorAppointments, type FeedAppointmentRow } from '../appointments/index.ts';
import { visitTypeCatalogue } from '../visit-types/index.ts';
import { TIPOS_CONSULTA } from '../../../contracts/consultation-types.ts';

/** 32 random bytes in base64url: 43 characters, the address's secret. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How often calendar apps are asked to look again. */
export const FEED_REFRESH_MINUTES = 60;

/** 'Ana García' -> 'A. G.': all a calendar on a phone shows of the patient. */
export function initials(...names: string[]): string {
  return names
    .map((name) => [...name.trim()][0])
    .filter((letter): letter is string => Boolean(letter))
    .map((letter) => `${letter.toLocaleUpperCase('es')}.`)
    .join(' ');
}

/** The most visits one feed carries: years of a full agenda, far more than any calendar shows. */
const FEED_MAX_VISITS = 5000;

export function createCalendarFeedService(app: FastifyInstance) {
  const { db, clock, config } = app;
  // A Host header that makes no address (a client chooses it) falls back to the configured one.
  const feedBase = (origin: string) => config.publicUrl ?? (URL.canParse(origin) ? origin : publicBaseUrl(config));
  const feedUrl = (base: string, token: string) => new URL(`/api/calendario/${token}.ics`, base).toString();

  return {
    async status({ actor, language }: Caller): Promise<EnlaceCalendario> {
      const link = await findLiveLink(db, ownDoctorId(actor, language));
      return { activo: Boolean(link), creado_en: link?.creado_en ?? null, url: null };
    },

    /** A new address; the one before (if any) stops working at once (rotation = revoke + new). */
    /** `origin`: where this server is reached (PUBLIC_URL, else the request's own origin); the address starts there. */
    async create(caller: Caller, origin: string): Promise<EnlaceCalendario> {
      const { actor, language } = caller;
      const id_doctor = ownDoctorId(actor, language);
      const token = randomBytes(32).toString('base64url');
      const stamp = clock.now().toISOString();
      // Before the old address is revoked: nothing after the commit may fail to give the new one.
      const url = feedUrl(feedBase(origin), token);
      await db.transaction().execute(async (trx) => {
        await lockDoctor(trx, id_doctor, app.database.dialect);
        await revokeLinks(trx, id_doctor, stamp);
        await insertLink(trx, { id_doctor, hash_token: hashToken(token), creado_en: stamp });
        await writeAudit(trx, {
          id_usuario: actor.id_usuario,
          rol: actor.rol,
          id_paciente: null,
          accion: 'calendario.crear',
          detalle: `doctor ${id_doctor}`,
          ip: caller.address,
          creado_en: stamp,
        });
      });
      return { activo: true, creado_en: stamp, url };
    },

    async revoke(caller: Caller): Promise<void> {
      const { actor, language } = caller;
      const id_doctor = ownDoctorId(actor, language);
      const stamp = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        if ((await revokeLinks(trx, id_doctor, stamp)) === 0) return;
        await writeAudit(trx, {
          id_usuario: actor.id_usuario,
          rol: actor.rol,
          id_paciente: null,
          accion: 'calendario.revocar',
          detalle: `doctor ${id_doctor}`,
          ip: caller.address,
          creado_en: stamp,
        });
      });
    },

    /**
     * The feed of a live address: the doctor's visits of the last FEED_PAST_DAYS days and to come,
     * each as '<initials> · <type>' in the doctor's language (never the reason or clinical text).
     * Anything but a live address is the same 404.
     */
    async feed({ language }: Visitor, rawToken: string): Promise<string> {
      const token = rawToken.endsWith('.ics') ? rawToken.slice(0, -4) : rawToken;
      const missing = () => fail(404, 'enlace_calendario_no_encontrado', language);
      if (!TOKEN.test(token)) throw missing();
      const doctor = await findDoctorByLink(db, hashToken(token));
      if (!doctor) throw missing();
      const now = clock.now();
      const visits = await doctorAppointments(db, doctor.id_doctor).feed(addDays(localDate(now, config.timeZone), -FEED_PAST_DAYS), FEED_MAX_VISITS);
      const t = feedTexts(doctor.idioma);
      const { nameOf: catalogue, keyOf } = await visitTypeCatalogue(db, doctor.idioma);
      const clinic = await currentClinic(app);
      const context = { timeZone: config.timeZone, publicUrl: config.publicUrl, now, clinic };
      // A request still waiting, or a visit the patient did not come to, says so after its type.
      const mark = (visit: FeedAppointmentRow) =>
        visit.estado === 'pendiente' ? ` (${t.pendingMark})` : visit.asistencia === 'No presentado' ? ` (${t.noShowMark})` : '';
      // The catalogue's type booked; for one of the spec's own three, the word the doctor last gave
      // the consultation (a visit booked as a Consulta may have become a Revisión).
      const typeName = (visit: FeedAppointmentRow) => {
        const booked = catalogue(visit.id_tipo_visita);
        const ownWord = booked === null || (TIPOS_CONSULTA as readonly string[]).includes(keyOf.get(booked.id_tipo) ?? '');
        return ownWord || !booked ? t.visitTypes[visit.tipo ?? 'Consulta'] : booked.nombre;
      };
      const event = (visit: FeedAppointmentRow): CalendarEvent => {
        const type = typeName(visit);
        // A longer visit lasts its own minutes, not its first slot's.
        const minutes = Math.max(visit.duracion_min, visit.visita_min ?? 0);
        const who = initials(visit.paciente_nombre, visit.paciente_apellido1);
        const start = instantOf(visit.fecha, visit.hora.slice(0, 5), config.timeZone);
        return {
          uid: eventUid(visit, context),
          stamp: now,
          start,
          end: visitEnd({ ...visit, duracion_min: minutes }, config.timeZone),
          summary: `${who} · ${type}${mark(visit)}`,
          description: `${type} · ${minutes} min`,
          location: clinicPlace(clinic),
          status:
            visit.estado === 'Confirmada' ? 'CONFIRMED' : visit.estado === 'Cancelada' ? 'CANCELLED' : 'TENTATIVE',
          sequence: visit.secuencia,
        };
      };
      return buildCalendar(visits.map(event), {
        name: t.feedName(clinic.nombre, `${doctor.nombre} ${doctor.apellido1}`),
        timeZone: config.timeZone,
        refreshMinutes: FEED_REFRESH_MINUTES,
      });
    },
  };
}
