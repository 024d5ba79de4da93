import type { FastifyInstance } from 'fastify';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { FichaClinica, Historia, Seccion } from '../../../contracts/records.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { apiError } from '../../lib/api-errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/audit.repository.ts';
import { doctorTreats } from '../consultations/consultations.repository.ts';
import {
  findEntry,
  findPatientSummary,
  insertEntry,
  listAppointmentsWith,
  listPatientConsultas,
  loadMedicalFile,
  SECTION_COLUMNS,
  updateEntry,
} from './records.repository.ts';

type Input = Record<string, unknown>;
/** One entry of a section, as shown. */
type Entry<S extends Seccion> = FichaClinica[S][number];

/** The doctor's side of a patient's record (decisions #16). Every read and change is audited. */
export function createRecordsService(app: FastifyInstance) {
  const { db, clock } = app;

  /** The caller's doctor id, if they treat the patient (an appointment or a consultation with them). */
  async function treatingDoctor(caller: Caller, id_paciente: number): Promise<number> {
    const id_doctor = ownDoctorId(caller.actor);
    if (!(await doctorTreats(db, id_doctor, id_paciente))) throw apiError(403, 'paciente_no_asignado', caller.language);
    return id_doctor;
  }

  const audit = (caller: Caller, id_paciente: number, accion: AccionAuditoria, detalle: string) =>
    actorAudit(caller.actor, caller.ip, clock.now().toISOString(), { accion, id_paciente, detalle });

  async function entryOf<S extends Seccion>(caller: Caller, section: S, id: number): Promise<Entry<S>> {
    const entry = await findEntry(db, section, id);
    if (!entry) throw apiError(404, 'no_encontrado', caller.language);
    return entry.row as Entry<S>;
  }

  return {
    async open(caller: Caller, id_paciente: number): Promise<Historia> {
      const id_doctor = await treatingDoctor(caller, id_paciente);
      const paciente = await findPatientSummary(db, id_paciente);
      if (!paciente) throw apiError(404, 'paciente_no_encontrado', caller.language);
      const record: Historia = {
        paciente,
        ...(await loadMedicalFile(db, id_paciente)),
        consultas: await listPatientConsultas(db, id_paciente),
        citas: await listAppointmentsWith(db, id_paciente, id_doctor),
      };
      await writeAudit(db, audit(caller, id_paciente, 'historia.leer', 'historia completa'));
      return record;
    },

    async add<S extends Seccion>(caller: Caller, id_paciente: number, section: S, input: Input): Promise<Entry<S>> {
      await treatingDoctor(caller, id_paciente);
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertEntry(trx, section, {
          id_paciente,
          creado_por: caller.actor.id_usuario,
          creado_en: clock.now().toISOString(),
          input,
        });
        await writeAudit(trx, audit(caller, id_paciente, `ficha.${section}.crear`, `${SECTION_COLUMNS[section].id} ${created}`));
        return created;
      });
      return entryOf(caller, section, id);
    },

    /** Corrects an entry of the patient's file (its fields are replaced). */
    async correct<S extends Seccion>(caller: Caller, id_paciente: number, section: S, id: number, input: Input): Promise<Entry<S>> {
      await treatingDoctor(caller, id_paciente);
      const existing = await findEntry(db, section, id);
      if (!existing || existing.id_paciente !== id_paciente) throw apiError(404, 'no_encontrado', caller.language);
      await db.transaction().execute(async (trx) => {
        await updateEntry(trx, section, id, input);
        await writeAudit(trx, audit(caller, id_paciente, `ficha.${section}.corregir`, `${SECTION_COLUMNS[section].id} ${id}`));
      });
      return entryOf(caller, section, id);
    },
  };
}
