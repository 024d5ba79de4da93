import type { Language } from '../../contracts/messages/index.ts';
import { fail } from './errors.ts';
import type { Actor } from './request-context.ts';

/** The caller's patient id; a 403 (in the caller's language) for an account without a patient record. */
export function ownPatientId(actor: Actor, language: Language): number {
  if (actor.id_paciente === null) throw fail(403, 'sin_permiso', language);
  return actor.id_paciente;
}

/** The caller's doctor id; a 403 (in the caller's language) for an account without a doctor profile. */
export function ownDoctorId(actor: Actor, language: Language): number {
  if (actor.id_doctor === null) throw fail(403, 'sin_permiso', language);
  return actor.id_doctor;
}

/** Refuses unless the caller owns the thing (or is one of the roles that may see anyone's). */
export function ensureOwner(actor: Actor, language: Language, ownerUserId: number, unless: readonly Actor['rol'][] = []): void {
  if (actor.id_usuario !== ownerUserId && !unless.includes(actor.rol)) throw fail(403, 'sin_permiso', language);
}
