import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { removeOpenConsultation } from '../consultations/index.ts';
import { cancelPendingReminder } from '../reminders/index.ts';
import { freeSlot } from './slots-for-appointments.ts';
import { freeExtraSlots } from './visit-span.ts';

/**
 * What a rejected or cancelled appointment leaves behind, undone in the caller's transaction:
 * its slot (and the slots after it a longer visit holds) is free again, a pending reminder is not sent, and the consultation that accepting it
 * opened (unless already finished) is removed. Every way an appointment ends early or moves away
 * uses it.
 */
export async function releaseAppointment(db: Kysely<Database> | Transaction<Database>, cita: { id_cita: number; id_agenda: number }): Promise<void> {
  await freeSlot(db, cita.id_agenda);
  await freeExtraSlots(db, cita.id_cita);
  await cancelPendingReminder(db, cita.id_cita);
  await removeOpenConsultation(db, cita.id_cita);
}
