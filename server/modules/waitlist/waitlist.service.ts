import { fullName } from '../../../contracts/names.ts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CitaCreada } from '../../../contracts/appointments.ts';
import type { ApiCode, Language } from '../../../contracts/messages/index.ts';
import {
  HORAS_FRANJA,
  MAX_DIAS_LISTA_ESPERA,
  MAX_ENTRADAS_ACTIVAS,
  type aceptarOfertaSchema,
  type EntradaEspera,
  type nuevaEntradaEsperaSchema,
  type OfertaEspera,
} from '../../../contracts/waitlist.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { ownPatientId } from '../../lib/access.ts';
import { addDays, localDate, localTime } from '../../lib/clock.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { appointmentConditions, chooseVisitType, createAppointmentsService, visitEnd } from '../appointments/index.ts';
import { findActiveVisitType, offeredType } from '../visit-types/index.ts';
import { hashToken } from '../auth/index.ts';
import {
  closeOffersOfEndedEntries,
  countActiveEntries,
  entriesSince,
  endEntry,
  endSatisfiedEntries,
  findEntry,
  findOfferByHash,
  hasActiveEntry,
  insertEntry,
  listPatientEntries,
  loseOffersOfSlot,
  settleOffer,
  type OfferRow,
} from './waitlist.repository.ts';
import { MAX_JOINS_PER_DAY, nudgeWaitlist, sendGoneNotices } from './waitlist.sweep.ts';

/** Ended entries the patient still sees in /mis-visitas, for this many days. */
const ENDED_SHOWN_DAYS = 30;
const DAY_MS = 86_400_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

type Localised = { especialidad_es: string | null; especialidad_ca: string | null; especialidad_en: string | null };
const specialtyIn = (row: Localised, language: Language) =>
  ({ es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en })[language] ?? '';

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';

export function createWaitlistService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const appointments = createAppointmentsService(app);

  const toItem = (row: Awaited<ReturnType<typeof listPatientEntries>>[number], language: Language): EntradaEspera => ({
    id_entrada: row.id_entrada,
    id_doctor: row.id_doctor,
    doctor: row.id_doctor === null ? null : fullName({ nombre: row.doctor_nombre ?? '', apellido1: row.doctor_apellido1 ?? '', apellido2: row.doctor_apellido2 }),
    id_especialidad: row.id_especialidad,
    especialidad: specialtyIn(row, language),
    desde: row.desde,
    hasta: row.hasta,
    franja: row.franja,
    hora_desde: row.hora_desde,
    hora_hasta: row.hora_hasta,
    estado: row.estado,
    creado_en: row.creado_en,
    terminada_en: row.terminada_en,
  });

  /** The offer behind a token, if it is this patient's; anything else is the same 404. */
  async function ownOffer(caller: Caller, token: string): Promise<OfferRow> {
    const id_paciente = ownPatientId(caller.actor, caller.language);
    const missing = () => fail(404, 'oferta_no_encontrada', caller.language);
    if (!TOKEN_SHAPE.test(token)) throw missing();
    const offer = await findOfferByHash(db, hashToken(token));
    if (!offer || offer.id_paciente !== id_paciente) throw missing();
    return offer;
  }

  /** What the patient sees of an offer: 'enviada' only while it can still be claimed. */
  const seenState = (offer: OfferRow, now: Date): OfertaEspera['estado'] => {
    if (offer.estado !== 'enviada') return offer.estado;
    if (offer.caduca_en <= now.toISOString() || offer.entrada_estado !== 'activa') return 'caducada';
    return 'enviada';
  };

  /** How long the entry's visit lasts with the offer's doctor: a longer type ends past its first slot. */
  const typeLength = async (offer: { id_doctor: number | null; id_tipo_visita: number | null }) =>
    offer.id_doctor === null || offer.id_tipo_visita === null ? null : ((await offeredType(db, offer.id_doctor, offer.id_tipo_visita)).type?.duracion_doctor ?? null);

  return {
    async list(caller: Caller): Promise<EntradaEspera[]> {
      const id_paciente = ownPatientId(caller.actor, caller.language);
      const now = clock.now();
      // A visit booked since joining ends the entry it satisfies: the list says so at once.
      await endSatisfiedEntries(db, now.toISOString(), id_paciente);
      const since = new Date(now.getTime() - ENDED_SHOWN_DAYS * 86_400_000).toISOString();
      return (await listPatientEntries(db, id_paciente, since)).map((row) => toItem(row, caller.language));
    },

    async join(caller: Caller, input: z.infer<typeof nuevaEntradaEsperaSchema>): Promise<EntradaEspera> {
      const { language } = caller;
      const id_paciente = ownPatientId(caller.actor, caller.language);
      const field = (campo: string, code: ApiCode, max?: number) => fail(400, code, language, { field: campo, params: { max: max ?? '' } });
      if ((input.id_doctor === undefined) === (input.id_especialidad === undefined)) {
        throw field('id_doctor', 'lista_espera_doctor_o_especialidad');
      }
      const now = clock.now();
      const today = localDate(now, config.timeZone);
      if (input.desde < today) throw field('desde', 'lista_espera_fecha_pasada');
      if (input.hasta < input.desde) throw field('hasta', 'lista_espera_rango_invertido');
      if (input.hasta > addDays(today, MAX_DIAS_LISTA_ESPERA)) throw field('hasta', 'lista_espera_rango_largo', MAX_DIAS_LISTA_ESPERA);
      let horas: readonly [string, string];
      if (input.franja === 'rango') {
        if (!input.hora_desde || !input.hora_hasta || input.hora_desde >= input.hora_hasta) throw field('hora_hasta', 'lista_espera_horas');
        horas = [input.hora_desde, input.hora_hasta];
      } else {
        horas = HORAS_FRANJA[input.franja];
      }

      let id_doctor: number | null = null;
      let id_especialidad: number;
      if (input.id_doctor !== undefined) {
        const doctor = await appointmentConditions.bookableDoctor(db, input.id_doctor);
        if (!doctor) throw fail(404, 'doctor_no_encontrado', language);
        id_doctor = doctor.id_doctor;
        id_especialidad = doctor.id_especialidad;
      } else {
        const specialty = await db
          .selectFrom('especialidades')
          .select('id_especialidad')
          .where('id_especialidad', '=', input.id_especialidad as number)
          .executeTakeFirst();
        if (!specialty) throw fail(404, 'especialidad_invalida', language);
        id_especialidad = specialty.id_especialidad;
      }
      // A type waited for: with a doctor, one they offer and the patient may book online; for a
      // specialty, any active type patients may book online (each doctor's offer is checked when a time frees up).
      let id_tipo_visita: number | null = null;
      if (input.id_tipo_visita !== undefined) {
        if (id_doctor !== null) {
          id_tipo_visita = (await chooseVisitType(db, id_doctor, input.id_tipo_visita, { staff: false, id_paciente }, language)).id_tipo;
        } else {
          const type = await findActiveVisitType(db, input.id_tipo_visita);
          if (!type) throw fail(404, 'tipo_visita_no_encontrado', language);
          if (type.reserva === 'personal') throw fail(403, 'tipo_visita_solo_personal', language);
          id_tipo_visita = type.id_tipo;
        }
      }
      const objetivo = id_doctor === null ? `especialidad:${id_especialidad}` : `doctor:${id_doctor}`;
      const stamp = now.toISOString();
      let id_entrada: number;
      try {
        id_entrada = await db.transaction().execute(async (trx) => {
          // Counted under a lock on the patient, so racing joins of one patient cannot pass the caps.
          await appointmentConditions.lockPatient(trx, id_paciente, app.database.dialect);
          if (await hasActiveEntry(trx, id_paciente, objetivo)) throw fail(409, 'lista_espera_duplicada', language);
          if ((await countActiveEntries(trx, id_paciente)) >= MAX_ENTRADAS_ACTIVAS) {
            throw fail(409, 'lista_espera_limite', language, { params: { max: MAX_ENTRADAS_ACTIVAS } });
          }
          const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
          const joined = await entriesSince(trx, id_paciente, dayAgo);
          if (joined.count >= MAX_JOINS_PER_DAY) {
            // Possible again once the first of these is a day old.
            const wait = joined.first ? new Date(joined.first).getTime() + DAY_MS - now.getTime() : DAY_MS;
            throw fail(429, 'lista_espera_demasiadas_altas', language, {
              headers: { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) },
            });
          }
          return insertEntry(trx, {
            id_paciente,
            id_doctor,
            id_especialidad,
            objetivo,
            desde: input.desde,
            hasta: input.hasta,
            franja: input.franja,
            hora_desde: horas[0],
            hora_hasta: horas[1],
            creado_en: stamp,
            id_tipo_visita,
          });
        });
      } catch (error) {
        if (uniqueViolation(error)) throw fail(409, 'lista_espera_duplicada', language);
        throw error;
      }
      // A slot already free may match at once.
      if (id_doctor !== null) nudgeWaitlist(app, id_doctor);
      const [row] = (await listPatientEntries(db, id_paciente, stamp)).filter((entry) => entry.id_entrada === id_entrada);
      if (!row) throw new Error('the new waitlist entry vanished');
      return toItem(row, language);
    },

    async leave(caller: Caller, id_entrada: number): Promise<void> {
      const { language } = caller;
      const id_paciente = ownPatientId(caller.actor, caller.language);
      const entry = await findEntry(db, id_entrada);
      if (!entry) throw fail(404, 'lista_espera_no_encontrada', language);
      if (entry.id_paciente !== id_paciente) throw fail(403, 'sin_permiso', language);
      const stamp = clock.now().toISOString();
      if (!(await endEntry(db, id_entrada, 'retirada', stamp))) {
        throw fail(409, 'lista_espera_ya_terminada', language);
      }
      // Its live offers stop holding their slots: the next in line may get them.
      await closeOffersOfEndedEntries(db, stamp);
    },

    async offer(caller: Caller, token: string): Promise<OfertaEspera> {
      const offer = await ownOffer(caller, token);
      const estado = offer.fecha === null ? 'perdida' : seenState(offer, clock.now());
      return {
        estado,
        id_doctor: offer.id_doctor ?? 0,
        doctor: fullName({ nombre: offer.doctor_nombre ?? '', apellido1: offer.doctor_apellido1 ?? '', apellido2: offer.doctor_apellido2 }),
        especialidad: specialtyIn(offer, caller.language),
        fecha: offer.fecha ?? '',
        hora: (offer.hora_inicio ?? '').slice(0, 5),
        hora_fin: offer.hora_inicio && offer.hora_fin ? visitEnd({ hora_inicio: offer.hora_inicio, hora_fin: offer.hora_fin }, await typeLength(offer)) : '',
        caduca_en: offer.caduca_en,
        caduca_hora: localTime(new Date(offer.caduca_en), config.timeZone),
      };
    },

    /**
     * The patient claims an offered slot: booked with the same rules as POST /api/citas (the slot
     * taken with its conditional update: of several claims, one wins; pending until the doctor
     * answers; the caps). The winner's entry ends and the slot's other offers are lost, their
     * holders told by e-mail; a claim that comes too late gets 409 and the same notice.
     */
    async claim(caller: Caller, token: string, input: z.infer<typeof aceptarOfertaSchema>): Promise<CitaCreada> {
      const { language } = caller;
      const offer = await ownOffer(caller, token);
      const now = clock.now();
      const stamp = now.toISOString();
      const gone = () => fail(409, 'oferta_perdida', language);
      if (offer.estado === 'aceptada') throw fail(409, 'oferta_aceptada', language);
      if (offer.estado === 'perdida' || offer.fecha === null || offer.hora_inicio === null || offer.id_doctor === null) throw gone();
      if (seenState(offer, now) === 'caducada') throw fail(409, 'oferta_caducada', language);
      let cita: CitaCreada;
      try {
        // The type waited for is booked: its every slot held in the booking's transaction, or none.
        const type = offer.id_tipo_visita === null ? {} : { id_tipo_visita: offer.id_tipo_visita };
        cita = await appointments.book(caller, { id_doctor: offer.id_doctor, fecha: offer.fecha, hora: offer.hora_inicio.slice(0, 5), ...input, ...type });
      } catch (error) {
        if (error instanceof AppError && ['hueco_ocupado', 'hueco_bloqueado', 'hueco_no_encontrado', 'tipo_visita_no_cabe'].includes(error.code)) {
          await settleOffer(db, offer.id_oferta, 'perdida', ['enviada'], stamp);
          await sendGoneNotices(app, now);
          throw gone();
        }
        throw error;
      }
      await db.transaction().execute(async (trx) => {
        await settleOffer(trx, offer.id_oferta, 'aceptada', ['enviada', 'caducada'], stamp);
        await endEntry(trx, offer.id_entrada, 'atendida', stamp);
        await loseOffersOfSlot(trx, offer.id_agenda, stamp);
      });
      app.mailer.sweepLater(
        'waitlist-gone',
        () => sendGoneNotices(app, clock.now()),
        // One sweep for every slot taken meanwhile: the error is not this slot's alone.
        (error) => app.log.warn({ code: errorCode(error) }, 'waitlist gone notices not sent'),
      );
      return cita;
    },
  };
}
