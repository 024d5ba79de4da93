import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { localDate, localTime } from '../../lib/clock.ts';
import { slotIsFree } from '../agenda/index.ts';
import { hashToken, publicBaseUrl } from '../auth/index.ts';
import { bookingPolicy, typeFitsAt } from '../appointments/index.ts';
import { currentClinic } from '../clinic/index.ts';
import { goneMail, offerMail, type WaitlistMailContext } from './waitlist.mail.ts';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker.ts';
import {
  closeOffersOfEndedEntries,
  countLiveOffers,
  endEntry,
  endExhaustedEntries,
  endPastEntries,
  endSatisfiedEntries,
  expireOffers,
  findOfferableSlots,
  findOffers,
  findOffersOfTakenSlots,
  insertOffer,
  nextEntriesForSlot,
  settleOffer,
  takeGoneNotices,
  takePatientTurn,
  takeSlotTurn,
  type OfferableSlot,
} from './waitlist.repository.ts';

/** Patients offered one freed slot at once; the first to claim it gets it. */
export const OFFERS_PER_SLOT = 3;
/** Offers an entry may let pass (expire unclaimed) before it ends ('agotada'); lost ones do not count. */
export const MAX_OFFERS_PER_ENTRY = 10;
/** Entries one patient may make in a day, left ones included (joining and leaving in a loop). */
export const MAX_JOINS_PER_DAY = 10;
/** Slots looked at per sweep round. */
const SLOTS_PER_ROUND = 50;

/**
 * How far ahead a freed slot must start to be offered: the clinic's minimum notice to book, as a
 * claim is a booking and would be refused inside it.
 */
export async function offerNoticeMinutes(app: FastifyInstance): Promise<number> {
  return (await bookingPolicy.rules(app)).antelacion_reserva_min;
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';

export interface SweepRun {
  offered: number;
  expired: number;
  ended: number;
  gone: number;
}

async function mailContext(app: FastifyInstance): Promise<WaitlistMailContext> {
  return { timeZone: app.config.timeZone, baseUrl: publicBaseUrl(app.config), clinic: await currentClinic(app) };
}

/** E-mails the holders of lost offers that have not been told yet (each once, whichever instance). */
export async function sendGoneNotices(app: FastifyInstance, now: Date): Promise<number> {
  const ids = await takeGoneNotices(app.db, now.toISOString());
  if (ids.length === 0) return 0;
  const context = await mailContext(app);
  for (const row of await findOffers(app.db, ids)) {
    try {
      await app.mailer.send(goneMail(row, context));
    } catch (error) {
      app.log.warn({ id_oferta: row.id_oferta, code: errorCode(error) }, 'waitlist gone notice not sent');
    }
  }
  return ids.length;
}

/** Offers one slot to the next entries in line, in one transaction that has the slot's turn. */
async function offerSlot(app: FastifyInstance, slot: OfferableSlot, now: Date): Promise<{ id_oferta: number; token: string }[]> {
  const stamp = now.toISOString();
  const caduca_en = new Date(now.getTime() + app.config.waitlist.offerMinutes * 60_000).toISOString();
  return app.db.transaction().execute(async (trx) => {
    await takeSlotTurn(trx, slot.id_agenda, stamp);
    if (!(await slotIsFree(trx, slot.id_agenda))) return [];
    const room = OFFERS_PER_SLOT - (await countLiveOffers(trx, slot.id_agenda));
    if (room <= 0) return [];
    const candidates = await nextEntriesForSlot(trx, slot.id_agenda, { maxOffers: MAX_OFFERS_PER_ENTRY, limit: room * 3 });
    const patients = new Set<number>();
    const made: { id_oferta: number; token: string }[] = [];
    for (const entry of candidates) {
      if (made.length >= room) break;
      if (patients.has(entry.id_paciente)) continue;
      // A visit of the type waited for must fit whole from this time, or the offer could not be claimed.
      if (entry.id_tipo_visita !== null && !(await typeFitsAt(trx, slot, entry.id_tipo_visita))) continue;
      patients.add(entry.id_paciente);
      // The list above was read before this patient's turn: another sweep may have offered them a slot since.
      if (!(await takePatientTurn(trx, entry.id_paciente, app.database.dialect))) continue;
      const token = randomBytes(32).toString('base64url');
      const id_oferta = await insertOffer(trx, {
        id_entrada: entry.id_entrada,
        id_agenda: slot.id_agenda,
        hash_token: hashToken(token),
        creado_en: stamp,
        caduca_en,
      });
      if (id_oferta !== undefined) made.push({ id_oferta, token });
    }
    return made;
  });
}

/**
 * One sweep of the waitlist at `now`: offers that ran out pass on, entries past their range or
 * satisfied by a booking end, offers of slots taken meanwhile are settled (the holder who booked
 * it keeps it, the others are told it is gone), and every free slot some entry wants, starting at
 * least offerNoticeMinutes ahead, is offered to the next entries in line (OFFERS_PER_SLOT at once).
 * Safe on several instances at once: each slot is worked on by one transaction at a time and an
 * entry is offered a slot once ever (unique), and only the instance that made an offer mails it.
 * Tests call it with the clock they set; the worker calls it every WAITLIST_POLL_SECONDS, and a
 * cancellation nudges it for the doctor whose slot freed up.
 */
export async function runWaitlistSweep(
  app: FastifyInstance,
  now: Date = app.clock.now(),
  options: { id_doctor?: number } = {},
): Promise<SweepRun> {
  const { db, config } = app;
  const stamp = now.toISOString();
  const run: SweepRun = { offered: 0, expired: 0, ended: 0, gone: 0 };
  run.expired += await expireOffers(db, stamp);
  run.ended += await endPastEntries(db, localDate(now, config.timeZone), stamp);
  run.ended += await endSatisfiedEntries(db, stamp);
  for (const offer of await findOffersOfTakenSlots(db)) {
    if (offer.titular === offer.id_paciente) {
      // The holder booked it (through the claim, or by hand): the offer did its job.
      if (await settleOffer(db, offer.id_oferta, 'aceptada', ['enviada'], stamp)) await endEntry(db, offer.id_entrada, 'atendida', stamp);
    } else {
      await settleOffer(db, offer.id_oferta, 'perdida', ['enviada'], stamp);
    }
  }
  run.ended += await endExhaustedEntries(db, MAX_OFFERS_PER_ENTRY, stamp);
  run.expired += await closeOffersOfEndedEntries(db, stamp);
  run.gone += await sendGoneNotices(app, now);

  // Rounded up to the minute, as the booking window does: a slot offered can be claimed.
  const cutoff = new Date(Math.ceil((now.getTime() + (await offerNoticeMinutes(app)) * 60_000) / 60_000) * 60_000);
  const seen = new Set<number>();
  let context: WaitlistMailContext | undefined;
  for (;;) {
    const slots = (
      await findOfferableSlots(db, {
        cutoffDate: localDate(cutoff, config.timeZone),
        cutoffTime: localTime(cutoff, config.timeZone),
        perSlot: OFFERS_PER_SLOT,
        maxOffers: MAX_OFFERS_PER_ENTRY,
        limit: SLOTS_PER_ROUND,
        ...(options.id_doctor === undefined ? {} : { id_doctor: options.id_doctor }),
      })
    ).filter((slot) => !seen.has(slot.id_agenda));
    if (slots.length === 0) break;
    for (const slot of slots) {
      seen.add(slot.id_agenda);
      const made = await offerSlot(app, slot, now);
      if (made.length === 0) continue;
      context ??= await mailContext(app);
      const rows = new Map((await findOffers(db, made.map((m) => m.id_oferta))).map((row) => [row.id_oferta, row]));
      for (const { id_oferta, token } of made) {
        const row = rows.get(id_oferta);
        if (!row) continue;
        try {
          await app.mailer.send(offerMail(row, token, context));
        } catch (error) {
          app.log.warn({ id_oferta, code: errorCode(error) }, 'waitlist offer not sent');
        }
        run.offered += 1;
      }
    }
  }
  return run;
}

/**
 * After a cancellation, a rejection or a move freed a slot of this doctor: a sweep for their
 * slots now, without making the caller wait (the worker's round would find it later anyway).
 */
export function nudgeWaitlist(app: FastifyInstance, id_doctor: number): void {
  app.mailer.sweepLater(
    `waitlist:${id_doctor}`,
    () => runWaitlistSweep(app, app.clock.now(), { id_doctor }),
    (error) => app.log.warn({ id_doctor, code: errorCode(error) }, 'waitlist nudge failed'),
  );
}

/** Runs runWaitlistSweep every WAITLIST_POLL_SECONDS (0: never) until stop(), which waits for a run in progress. */
export function startWaitlistWorker(app: FastifyInstance): PeriodicWorker {
  return startPeriodicWorker(() => runWaitlistSweep(app), {
    seconds: app.config.waitlist.pollSeconds,
    onError: (error) => app.log.error({ code: errorCode(error) }, 'waitlist sweep failed'),
  });
}

