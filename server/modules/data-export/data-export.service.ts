import type { FastifyInstance } from 'fastify';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { MisDatos } from '../../../contracts/data-export.ts';
import { ownPatientId } from '../../lib/access.ts';
import { localDate } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Actor, Caller } from '../../lib/request-context.ts';
import { actorAudit, listAuditAboutPatient, writeAudit } from '../audit/index.ts';
import { listAttachments } from '../files/index.ts';
import { findPatientAccount, profileOf } from '../patients/index.ts';
import { currentLetterhead } from '../clinic/index.ts';
import { listFileEntries } from '../records/index.ts';
import { renderDataExportPdfFor } from './data-export-pdf.ts';
import { findAccountForExport, namesOf } from '../accounts/index.ts';
import { listPasswordResets } from '../auth/index.ts';
import { listConversationsForExport } from '../chat/index.ts';
import { listPatientConsultationsForExport } from '../consultations/index.ts';
import { patientAppointments } from '../appointments/index.ts';

export function createDataExportService(app: FastifyInstance) {
  const { db, clock, config } = app;

  /** Everything Galeno holds about the calling patient, in the shape of `misDatosSchema`. */
  async function collect(actor: Actor, caller: Caller): Promise<MisDatos> {
    const id_paciente = ownPatientId(actor, caller.language);
    const [patient, account, resets, file, consultas, citas, archivos, conversaciones, auditoria] = await Promise.all([
      findPatientAccount(db, id_paciente),
      findAccountForExport(db, actor.id_usuario),
      listPasswordResets(db, actor.id_usuario),
      listFileEntries(db, id_paciente),
      listPatientConsultationsForExport(db, id_paciente, caller.language),
      patientAppointments(db, id_paciente).forExport(caller.language),
      listAttachments(db, id_paciente),
      listConversationsForExport(db, actor.id_usuario),
      listAuditAboutPatient(db, id_paciente, actor.id_usuario),
    ]);
    if (!patient || !account) throw fail(404, 'perfil_no_encontrado', caller.language);

    const authors = await namesOf(
      db,
      Object.values(file).flatMap((rows) =>
        rows.map((row) => row.creado_por).filter((id): id is number => id !== null),
      ),
    );
    const withProvenance = <T extends { creado_por: number | null; creado_en: string }>(rows: T[]) =>
      rows.map((row) => ({
        ...row,
        registrado_por: row.creado_por === null ? null : (authors.get(row.creado_por) ?? null),
      }));

    return {
      formato: 'galeno.mis-datos',
      version: 1,
      generado_en: clock.now().toISOString(),
      cuenta: { ...account, activo: Number(account.activo) === 1, restablecimientos_contrasena: resets },
      paciente: { id_paciente, ...profileOf(patient) },
      ficha: {
        alergias: withProvenance(file.alergias),
        enfermedades: withProvenance(file.enfermedades).map((row) => ({ ...row, activa: Number(row.activa) === 1 })),
        discapacidades: withProvenance(file.discapacidades).map((row) => ({
          ...row,
          porcentaje: row.porcentaje === null ? null : Number(row.porcentaje),
        })),
        habitos: withProvenance(file.habitos),
        vacunas: withProvenance(file.vacunas),
      },
      consultas,
      citas,
      archivos,
      conversaciones,
      auditoria,
    };
  }

  const audit = (actor: Actor, caller: Caller, accion: AccionAuditoria) =>
    writeAudit(
      db,
      actorAudit(actor, caller.address, clock.now().toISOString(), { accion, id_paciente: actor.id_paciente }),
    );

  const fileName = (extension: string) => `galeno-mis-datos-${localDate(clock.now(), config.timeZone)}.${extension}`;

  return {
    async exportJson(caller: Caller) {
      const { actor } = caller;
      const data = await collect(actor, caller);
      await audit(actor, caller, 'datos.exportar_json');
      return { data, fileName: fileName('json') };
    },

    async exportPdf(caller: Caller) {
      const { actor } = caller;
      const data = await collect(actor, caller);
      await audit(actor, caller, 'datos.exportar_pdf');
      const pdf = await renderDataExportPdfFor({
        data,
        options: { language: caller.language, timeZone: config.timeZone, letterhead: await currentLetterhead(app) },
      });
      return { pdf, fileName: fileName('pdf') };
    },
  };
}
