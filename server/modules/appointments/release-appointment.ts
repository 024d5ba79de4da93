import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { moveOpenConsultation, removeOpenConsultation } from '../consultations/index.ts';
import { dropVisitReminders } from '../notices/index.ts';
import { freeSlot } from './slots-for-appointments.ts';
import { freeExtraSlots } from './visit-span.ts';

/**
 * What a rejected or cancelled appointment leaves behind, undone in the caller's transaction:
 * its slot (and the slots after it a longer visit holds) is free again (or closed, where the doctor no longer works then), a pending reminder is not sent, and the consultation that accepting it
 * opened (unless already finished) is removed. Every way an appointment ends early or moves away
 * uses it.
 */
export async function releaseAppointment(
  app: Pick<FastifyInstance, 'settleFreedSlot' | 'clock'>,
  db: Kysely<Database> | Transaction<Database>,
  cita: { id_cita: number; id_agenda: number },
): Promise<void> {
  await freeSlot(db, cita.id_agenda);
  await app.settleFreedSlot(db, cita.id_agenda);
  await settleSlots(app, db, await freeExtraSlots(db, cita.id_cita));
  await dropVisitReminders(app, db, cita.id_cita);
  await removeOpenConsultation(db, cita.id_cita);
}

/**
 * Settles slots a longer visit let go, like its first one: each stays free only where the doctor
 * still works. A slot the visit (or another) holds again is left alone.
 */
export async function settleSlots(
  app: Pick<FastifyInstance, 'settleFreedSlot'>,
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly number[],
): Promise<void> {
  for (const id of ids) await app.settleFreedSlot(db, id);
}

/**
 * What a visit moved to another time leaves behind: its old slot is free (settled as above) and its pending reminder
 * stops (the caller plans the new one), while its unfinished consultation moves with it, so the type
 * and the notes a doctor gave it are not lost.
 */
export async function moveAwayFrom(
  app: Pick<FastifyInstance, 'settleFreedSlot' | 'clock'>,
  db: Kysely<Database> | Transaction<Database>,
  cita: { id_cita: number; id_agenda: number },
  to: { id_doctor: number; fecha: string; hora: string },
): Promise<void> {
  await freeSlot(db, cita.id_agenda);
  await app.settleFreedSlot(db, cita.id_agenda);
  await dropVisitReminders(app, db, cita.id_cita);
  await moveOpenConsultation(db, cita.id_cita, to);
}
