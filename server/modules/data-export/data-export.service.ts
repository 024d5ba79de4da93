import type { FastifyInstance } from 'fastify';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { MisDatos } from '../../../contracts/data-export.ts';
import { apiMessage } from '../../../contracts/messages/index.ts';
import { ownPatientId } from '../../lib/access.ts';
import { localDate } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { actorAudit, writeAudit } from '../audit/audit.repository.ts';
import type { RequestContext } from '../auth/auth.service.ts';
import { listAttachments } from '../files/files.repository.ts';
import { findPatientAccount, profileOf } from '../patients/patients.repository.ts';
import { currentLetterhead } from '../clinic/clinic.service.ts';
import { listFileEntries } from '../records/index.ts';
import { renderDataExportPdfFor } from './data-export-pdf.ts';
import {
  findAccount,
  listAuditAbout,
  listConsultations,
  listConversations,
  listPasswordResets,
  namesOf,
} from './data-export.repository.ts';
import { listPatientAppointmentsForExport } from '../appointments/index.ts';

export function createDataExportService(app: FastifyInstance) {
  const { db, clock, config } = app;

  /** Everything Galeno holds about the calling patient, in the shape of `misDatosSchema`. */
  async function collect(actor: Actor, context: RequestContext): Promise<MisDatos> {
    const id_paciente = ownPatientId(actor);
    const [patient, account, resets, file, consultas, citas, archivos, conversaciones, auditoria] = await Promise.all([
      findPatientAccount(db, id_paciente),
      findAccount(db, actor.id_usuario),
      listPasswordResets(db, actor.id_usuario),
      listFileEntries(db, id_paciente),
      listConsultations(db, id_paciente, context.language),
      listPatientAppointmentsForExport(db, id_paciente, context.language),
      listAttachments(db, id_paciente),
      listConversations(db, actor.id_usuario),
      listAuditAbout(db, id_paciente, actor.id_usuario),
    ]);
    if (!patient || !account)
      throw notFound(apiMessage('perfil_no_encontrado', context.language), 'perfil_no_encontrado');

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

  const audit = (actor: Actor, context: RequestContext, accion: AccionAuditoria) =>
    writeAudit(
      db,
      actorAudit(actor, context.ip, clock.now().toISOString(), { accion, id_paciente: actor.id_paciente }),
    );

  const fileName = (extension: string) => `galeno-mis-datos-${localDate(clock.now(), config.timeZone)}.${extension}`;

  return {
    async exportJson(actor: Actor, context: RequestContext) {
      const data = await collect(actor, context);
      await audit(actor, context, 'datos.exportar_json');
      return { data, fileName: fileName('json') };
    },

    async exportPdf(actor: Actor, context: RequestContext) {
      const data = await collect(actor, context);
      await audit(actor, context, 'datos.exportar_pdf');
      const pdf = await renderDataExportPdfFor({
        data,
        options: { language: context.language, timeZone: config.timeZone, letterhead: await currentLetterhead(app) },
      });
      return { pdf, fileName: fileName('pdf') };
    },
  };
}
