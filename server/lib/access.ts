import type { FastifyRequest } from 'fastify';
import type { Actor } from '../plugins/auth.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The caller of a route that declared roles (the auth hook has already checked them). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** The caller's patient id; a 403 for an account without a patient record. */
export function ownPatientId(actor: Actor): number {
  if (actor.id_paciente === null) throw forbidden();
  return actor.id_paciente;
}

/** The caller's doctor id; a 403 for an account without a doctor profile. */
export function ownDoctorId(actor: Actor): number {
  if (actor.id_doctor === null) throw forbidden();
  return actor.id_doctor;
}

/** Refuses unless the caller owns the thing (or is one of the roles that may see anyone's). */
export function ensureOwner(actor: Actor, ownerUserId: number, unless: readonly Actor['rol'][] = []): void {
  if (actor.id_usuario !== ownerUserId && !unless.includes(actor.rol)) throw forbidden();
}
