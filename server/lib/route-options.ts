import { errorBody } from '../../contracts/common.ts';

/**
 * Pieces of route options that many modules declare alike: who may call a route (its `config`)
 * and the refusals most routes answer with.
 */

export const doctorOnly = { access: ['doctor'] as const };
/** The front desk: reception, and the admin who can do what reception does. */
export const deskStaff = { access: ['recepcion', 'admin'] as const };

/** A request the schema refuses, no session, the wrong role. */
export const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };
