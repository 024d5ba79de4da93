import type { FastifyInstance } from 'fastify';
import { bookingPolicy, doctorAppointments, patientAppointments } from '../appointments/index.ts';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { FichaClinica } from '../../../contracts/clinical-file.ts';
import type { AccesoUrgenteInput, Historia, Seccion } from '../../../contracts/records.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { localDate } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { publicBaseUrl } from '../auth/index.ts';
import { activeAdministrators, burstAlertMail, emergencyAccessUntil, insertEmergencyAccess, recentBurstAlerts, recordOpeningInBurst } from '../break-the-glass/index.ts';
import {
  findEntry,
  findPatientSummary,
  insertEntry,
  listPatientConsultations,
  loadMedicalFile,
  SECTION_COLUMNS,
  updateEntry,
} from './records.repository.ts';

type Input = Record<string, unknown>;
/** One entry of a section, as shown. */
type Entry<S extends Seccion> = FichaClinica[S][number];

/** The doctor's side of a patient's record. Every read and change is audited. */
export function createRecordsService(app: FastifyInstance) {
  const { db, clock } = app;

  /**
   * The caller's doctor id, if they may open the patient's record: the patient has a visit with
   * them (not cancelled) within BREAK_GLASS_VISIT_DAYS before or after today, or they stated a
   * reason that is still valid (break the glass; `urgent`, open `until` then). Otherwise 403
   * `acceso_urgente_requerido`, which the web answers with the dialog asking for the reason.
   */
  async function treatingDoctor(
    caller: Caller,
    id_paciente: number,
  ): Promise<{ id_doctor: number; urgent: false } | { id_doctor: number; urgent: true; until: string }> {
    const id_doctor = ownDoctorId(caller.actor, caller.language);
    const today = localDate(clock.now(), app.config.timeZone);
    if (await doctorAppointments(db, id_doctor).seesAround(id_paciente, today, app.config.breakGlass.visitDays)) {
      return { id_doctor, urgent: false };
    }
    const until = await emergencyAccessUntil(db, id_doctor, id_paciente, clock.now().toISOString());
    if (until) return { id_doctor, urgent: true, until };
    if (!(await findPatientSummary(db, id_paciente))) throw fail(404, 'paciente_no_encontrado', caller.language);
    throw fail(403, 'acceso_urgente_requerido', caller.language, { params: { dias: app.config.breakGlass.visitDays } });
  }

  /** E-mails every administrator that the calling doctor's openings became a burst. */
  async function alertAdministrators(id_doctor: number, since: string): Promise<void> {
    const burst = (await recentBurstAlerts(db, since, 50)).find((alert) => alert.id_doctor === id_doctor);
    if (!burst) return;
    const doctor = { nombre: burst.doctor_nombre, apellido1: burst.doctor_apellido1 };
    const aperturas = burst.aperturas;
    const auditUrl = `${publicBaseUrl(app.config)}/auditoria`;
    for (const admin of await activeAdministrators(db)) {
      app.mailer.sendLater(burstAlertMail(admin, { doctor, aperturas, minutes: app.config.breakGlass.alertMinutes }, auditUrl), (error) =>
        app.log.error({ err: error }, 'the break-the-glass alert could not be sent'),
      );
    }
  }

  /** Marks what a doctor does under break the glass, in the audit's description. */
  const underGlass = (detalle: string, urgent: boolean) => (urgent ? `${detalle} (acceso urgente)` : detalle);

  const audit = (caller: Caller, id_paciente: number, accion: AccionAuditoria, detalle: string) =>
    actorAudit(caller.actor, caller.address, clock.now().toISOString(), { accion, id_paciente, detalle });

  async function entryOf<S extends Seccion>(caller: Caller, section: S, id: number): Promise<Entry<S>> {
    const entry = await findEntry(db, section, id);
    if (!entry) throw fail(404, 'no_encontrado', caller.language);
    return entry.row as Entry<S>;
  }

  return {
    async open(caller: Caller, id_paciente: number): Promise<Historia> {
      const access = await treatingDoctor(caller, id_paciente);
      const { id_doctor, urgent } = access;
      const paciente = await findPatientSummary(db, id_paciente);
      if (!paciente) throw fail(404, 'paciente_no_encontrado', caller.language);
      const record: Historia = {
        paciente,
        ...(await loadMedicalFile(db, id_paciente)),
        consultas: await listPatientConsultations(db, id_paciente),
        citas: await patientAppointments(db, id_paciente).withDoctor(id_doctor),
        no_presentados: await patientAppointments(db, id_paciente).noShows(bookingPolicy.noShowsSince(clock.now(), app.config.timeZone)),
        acceso_urgente_hasta: access.urgent ? access.until : null,
      };
      await writeAudit(db, audit(caller, id_paciente, urgent ? 'historia.leer_urgente' : 'historia.leer', 'historia completa'));
      return record;
    },

    /**
     * Break the glass: the doctor states why they open the record of a patient they do not treat.
     * The reason is audited (and shown to the patient); the record then opens for
     * BREAK_GLASS_HOURS. Stating a reason again later renews the access.
     */
    async declareEmergency(caller: Caller, id_paciente: number, input: AccesoUrgenteInput): Promise<{ caduca_en: string }> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      if (!(await findPatientSummary(db, id_paciente))) throw fail(404, 'paciente_no_encontrado', caller.language);
      const now = clock.now();
      const caduca_en = new Date(now.getTime() + app.config.breakGlassHours * 3_600_000).toISOString();
      const { alertOpens, alertMinutes } = app.config.breakGlass;
      const windowStart = new Date(now.getTime() - alertMinutes * 60_000).toISOString();
      const burst = await db.transaction().execute(async (trx) => {
        await insertEmergencyAccess(trx, { id_doctor, id_paciente, motivo: input.motivo, creado_en: now.toISOString(), caduca_en });
        await writeAudit(trx, audit(caller, id_paciente, 'acceso_urgente.declarar', input.motivo));
        // Many openings in a short time are what a look through records for curiosity (or a stolen
        // account) looks like: the administrators hear of it once per burst.
        return recordOpeningInBurst(trx, { id_doctor, now: now.toISOString(), windowStart, threshold: alertOpens });
      });
      if (burst?.started) await alertAdministrators(id_doctor, windowStart);
      return { caduca_en };
    },

    /** Whether the caller may open the patient's record now (for other modules: the attachments). */
    access: treatingDoctor,
    underGlass,

    async add<S extends Seccion>(caller: Caller, id_paciente: number, section: S, input: Input): Promise<Entry<S>> {
      const { urgent } = await treatingDoctor(caller, id_paciente);
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertEntry(trx, section, {
          id_paciente,
          creado_por: caller.actor.id_usuario,
          creado_en: clock.now().toISOString(),
          input,
        });
        await writeAudit(trx, audit(caller, id_paciente, `ficha.${section}.crear`, underGlass(`${SECTION_COLUMNS[section].id} ${created}`, urgent)));
        return created;
      });
      return entryOf(caller, section, id);
    },

    /** Corrects an entry of the patient's file (its fields are replaced). */
    async correct<S extends Seccion>(caller: Caller, id_paciente: number, section: S, id: number, input: Input): Promise<Entry<S>> {
      const { urgent } = await treatingDoctor(caller, id_paciente);
      const existing = await findEntry(db, section, id);
      if (!existing || existing.id_paciente !== id_paciente) throw fail(404, 'no_encontrado', caller.language);
      await db.transaction().execute(async (trx) => {
        await updateEntry(trx, section, id, input);
        await writeAudit(trx, audit(caller, id_paciente, `ficha.${section}.corregir`, underGlass(`${SECTION_COLUMNS[section].id} ${id}`, urgent)));
      });
      return entryOf(caller, section, id);
    },
  };
}
