import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/request-context.ts';
import { cancelForAbsence, type AbsentAppointment } from './absence-cancellation.ts';
import { createAssignService } from './assign.service.ts';
import { createAttendanceService } from './attendance.service.ts';
import { createBookingService } from './booking.service.ts';
import { endCare, endPractice } from './end-care.ts';
import { createRequestsService } from './requests.service.ts';

/**
 * The appointment's life, as other modules drive it: a patient books, moves and cancels; the
 * doctor answers, assigns and records attendance; someone leaving the clinic, or a doctor's
 * absence, cancels what was still to come. The routes of this module call the same services.
 */
export function createAppointmentsService(app: FastifyInstance) {
  const booking = createBookingService(app);
  const requests = createRequestsService(app);
  const attendance = createAttendanceService(app);
  const assign = createAssignService(app);
  return {
    book: (...args: Parameters<typeof booking.book>) => booking.book(...args),
    move: (...args: Parameters<typeof booking.reschedule>) => booking.reschedule(...args),
    cancel: (...args: Parameters<typeof booking.cancel>) => booking.cancel(...args),
    answer: (...args: Parameters<typeof requests.answer>) => requests.answer(...args),
    assign: (...args: Parameters<typeof assign.assign>) => assign.assign(...args),
    /** The patient did not come (the doctor says so once the time has passed). */
    markAttendance: (...args: Parameters<typeof attendance.markNoShow>) => attendance.markNoShow(...args),
    /** The doctor completes the appointment's consultation: the patient came. */
    completeConsultation: (...args: Parameters<typeof attendance.finish>) => attendance.finish(...args),
    /** A patient leaves the clinic, in the caller's transaction; `notify` after the commit. */
    endCare: (caller: Caller, trx: Transaction<Database>, id_usuario: number) => endCare(app, caller, trx, id_usuario),
    /** A doctor leaves the clinic, in the caller's transaction; `notify` after the commit. */
    endPractice: (caller: Caller, trx: Transaction<Database>, id_usuario: number) => endPractice(app, caller, trx, id_usuario),
    /** Chosen appointments inside a doctor's absence, in the caller's transaction; `notify` after the commit. */
    cancelForAbsence: (caller: Caller, trx: Transaction<Database>, appointments: readonly AbsentAppointment[]) =>
      cancelForAbsence(app, caller, trx, appointments),
  };
}
