import type { FastifyInstance } from 'fastify';
import type { AvisosPaciente, AvisosPacienteCambio, PlanRecordatorios } from '../../../contracts/notices.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { canTakeSms, toE164 } from '../../lib/sms/phone-numbers.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { optedOut } from './notices.repository.ts';
import { readPlan, readSwitches, replacePlan, saveSwitches } from './reminder-plan.repository.ts';

/** A patient's number and whether SMS can reach it (read by the accounts module, which owns it). */
export type PatientPhone = (app: FastifyInstance, id_paciente: number) => Promise<string | null>;

/**
 * The clinic's reminder plan (set by administrators; it applies to visits booked or changed from
 * then on) and each patient's own switches.
 */
export function createReminderPlanService(app: FastifyInstance, phoneOf: PatientPhone) {
  const ownPatient = (caller: Caller): number => {
    if (caller.actor.rol !== 'paciente' || caller.actor.id_paciente === null) throw fail(403, 'sin_permiso', caller.language);
    return caller.actor.id_paciente;
  };
  const switchesOf = async (id_paciente: number): Promise<AvisosPaciente> => {
    const switches = await readSwitches(app.db, id_paciente);
    const stored = await phoneOf(app, id_paciente);
    const telefono = stored ? toE164(stored) : null;
    const reachable = telefono && canTakeSms(telefono) ? telefono : null;
    return { ...switches, telefono: reachable, baja: reachable ? await optedOut(app.db, reachable) : false };
  };
  return {
    plan: async (): Promise<PlanRecordatorios> => ({ pasos: await readPlan(app.db) }),
    setPlan: async (caller: Caller, plan: PlanRecordatorios): Promise<PlanRecordatorios> => {
      const now = app.clock.now().toISOString();
      await app.db.transaction().execute(async (trx) => {
        await replacePlan(trx, plan.pasos);
        await writeAudit(trx, actorAudit(caller.actor, caller.address, now, { accion: 'clinica.actualizar', id_paciente: null }));
      });
      return { pasos: await readPlan(app.db) };
    },
    switches: (caller: Caller) => switchesOf(ownPatient(caller)),
    setSwitches: async (caller: Caller, input: AvisosPacienteCambio): Promise<AvisosPaciente> => {
      const id_paciente = ownPatient(caller);
      await saveSwitches(app.db, id_paciente, { recordatorio_correo: input.recordatorio_correo, sms: input.sms }, app.clock.now().toISOString());
      return switchesOf(id_paciente);
    },
  };
}
