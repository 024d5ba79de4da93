import { fullName } from '../../../contracts/names.ts';
import type { FastifyInstance } from 'fastify';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import { tiposMatching, type HistorialFilters, type HistorialQuery } from '../../../contracts/history.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { visitTypeCatalogue } from '../visit-types/index.ts';
import type { PerfilPaciente, PerfilPacienteUpdate } from '../../../contracts/patient.ts';
import { ownDoctorId, ownPatientId } from '../../lib/access.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Actor, Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { listAttachments } from '../files/index.ts';
import { dniHeldByAnother, searchTextOf, updatePatientProfile } from '../accounts/index.ts';
import { currentLetterhead } from '../clinic/index.ts';
import { listAllergies, listDisabilities, listDiseases, listHabits, listVaccines } from '../records/index.ts';
import { renderHistoryPdf } from './history-pdf.ts';
import { countHistory, findLastConsultation, historyStats, listHistory, type HistoryFilter, type HistoryScope } from '../consultations/index.ts';
import {
  findPatientAccount,
  profileOf,
} from './patients.repository.ts';
import { patientAppointments } from '../appointments/index.ts';
import { phoneToStore } from '../../lib/sms/phone-numbers.ts';

/** The sections of the medical file a patient reads one by one (GET /api/paciente/{section}). */
export const FILE_SECTIONS = ['alergias', 'enfermedades', 'discapacidades', 'habitos', 'vacunas'] as const;
export type FileSection = (typeof FILE_SECTIONS)[number];

const sectionReaders = {
  alergias: listAllergies,
  enfermedades: listDiseases,
  discapacidades: listDisabilities,
  habitos: listHabits,
  vacunas: listVaccines,
} as const;

function historyFilterOf(filters: HistorialFilters, begunBy: HistoryFilter['begunBy']): HistoryFilter {
  return {
    ...(filters.tipo ? { tipos: tiposMatching(filters.tipo) } : {}),
    fecha: filters.fecha || undefined,
    desde: filters.desde,
    hasta: filters.hasta,
    begunBy,
  };
}

export function createPatientsService(app: FastifyInstance) {
  const { db, clock, config } = app;

  /** One audit entry for a read of clinical data (no medical content in detalle). */
  const audit = (
    actor: Actor,
    caller: Caller,
    accion: AccionAuditoria,
    id_paciente: number | null,
    detalle?: string,
  ) =>
    writeAudit(
      db,
      actorAudit(actor, caller.address, clock.now().toISOString(), { accion, id_paciente, detalle: detalle ?? null }),
    );

  async function accountOf(id_paciente: number, language: Language) {
    const account = await findPatientAccount(db, id_paciente);
    if (!account) throw fail(404, 'perfil_no_encontrado', language);
    return account;
  }

  /** The clinic's local day and time now: history holds consultations that have begun by then. */
  const begunBy = () => {
    const now = clock.now();
    return { today: localDate(now, config.timeZone), time: localTime(now, config.timeZone) };
  };

  async function history(actor: Actor, scope: HistoryScope, query: HistorialQuery, language: Language) {
    const filter = historyFilterOf(query, begunBy());
    const [rows, total, { nameOf, keyOf }] = await Promise.all([
      listHistory(db, scope, filter, { limit: query.por_pagina, offset: (query.pagina - 1) * query.por_pagina }),
      countHistory(db, scope, filter),
      visitTypeCatalogue(db, language),
    ]);
    // A visit of one of the spec's three types is named by its consultation's type (the doctor may
    // have changed it); one of the clinic's own types by that type.
    const items = rows.map(({ id_tipo_visita, ...item }) => ({
      ...item,
      tipo_visita: id_tipo_visita !== null && keyOf.get(id_tipo_visita) === null ? nameOf(id_tipo_visita) : null,
    }));
    return { items, total };
  }

  return {
    async getProfile(caller: Caller): Promise<PerfilPaciente> {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const account = await accountOf(id_paciente, caller.language);
      await audit(actor, caller, 'perfil.leer', id_paciente);
      return profileOf(account);
    },

    async updateProfile(caller: Caller, input: PerfilPacienteUpdate): Promise<PerfilPaciente> {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const now = clock.now();
      if (input.nacimiento && input.nacimiento > localDate(now, config.timeZone)) {
        throw fail(400, 'validacion', caller.language, { message: 'nacimiento_futura', field: 'nacimiento' });
      }
      // Stored in E.164, the form SMS are sent to; a number that cannot exist is refused.
      const profile = { ...input, telefono: phoneToStore(input.telefono, caller.language) };
      return db.transaction().execute(async (trx) => {
        const account = await findPatientAccount(trx, id_paciente);
        if (!account) throw fail(404, 'perfil_no_encontrado', caller.language);
        // A DNI/NIE names one person: a second patient with it would let a doctor file one person's
        // visits and results in the other's record.
        if (input.dni && input.dni !== account.dni && (await dniHeldByAnother(trx, input.dni, account.id_usuario))) {
          throw fail(409, 'dni_duplicado', caller.language, { field: 'dni' });
        }
        // The search text follows the names (patient lists search by name).
        const busqueda = searchTextOf({ ...input, nombre_usuario: account.nombre_usuario, correo: account.correo });
        await updatePatientProfile(trx, account.id_usuario, profile, busqueda);
        await writeAudit(
          trx,
          actorAudit(actor, caller.address, now.toISOString(), { accion: 'perfil.actualizar', id_paciente }),
        );
        const updated = await findPatientAccount(trx, id_paciente);
        return profileOf(updated ?? account);
      });
    },

    async readSection<S extends FileSection>(caller: Caller, section: S) {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const rows = (await sectionReaders[section](db, id_paciente)) as Awaited<ReturnType<(typeof sectionReaders)[S]>>;
      await audit(actor, caller, 'ficha.leer', id_paciente, section);
      return rows;
    },

    async lastConsultation(caller: Caller) {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const consultation = await findLastConsultation(db, id_paciente);
      await audit(actor, caller, 'ficha.leer', id_paciente, 'ultima-consulta');
      return consultation ?? null;
    },

    /** The whole file at once, for the patient's read-only record. */
    async medicalFile(caller: Caller) {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const [alergias, enfermedades, discapacidades, habitos, vacunas, ultima, archivos] = await Promise.all([
        listAllergies(db, id_paciente),
        listDiseases(db, id_paciente),
        listDisabilities(db, id_paciente),
        listHabits(db, id_paciente),
        listVaccines(db, id_paciente),
        findLastConsultation(db, id_paciente),
        listAttachments(db, id_paciente),
      ]);
      await audit(actor, caller, 'ficha.leer', id_paciente, 'ficha completa');
      return { alergias, enfermedades, discapacidades, habitos, vacunas, ultima_consulta: ultima ?? null, archivos };
    },

    async clinicalSummary(caller: Caller) {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const now = clock.now();
      const [account, alergias, enfermedades_activas, vacunas, ultima, proxima] = await Promise.all([
        accountOf(id_paciente, caller.language),
        listAllergies(db, id_paciente),
        listDiseases(db, id_paciente, { activeOnly: true }),
        listVaccines(db, id_paciente),
        findLastConsultation(db, id_paciente),
        patientAppointments(db, id_paciente).next(localDate(now, config.timeZone), localTime(now, config.timeZone)),
      ]);
      await audit(actor, caller, 'resumen.leer', id_paciente);
      return {
        paciente: {
          nombre: account.nombre,
          apellido1: account.apellido1,
          apellido2: account.apellido2,
          nacimiento: account.nacimiento,
          sexo: account.sexo,
          estado: account.estado,
        },
        alergias,
        enfermedades_activas,
        vacunas,
        ultima_consulta: ultima ?? null,
        proxima_cita: proxima ?? null,
      };
    },

    /** GET /api/paciente/historial: the patient's own consultations. */
    async patientHistory(caller: Caller, query: HistorialQuery) {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const page = await history(actor, { id_paciente }, query, language);
      await audit(actor, caller, 'historial.leer', id_paciente);
      return page;
    },

    async patientHistoryStats(caller: Caller, filters: HistorialFilters) {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const stats = await historyStats(
        db,
        { id_paciente },
        historyFilterOf(filters, begunBy()),
        localDate(clock.now(), config.timeZone),
      );
      await audit(actor, caller, 'historial.leer', id_paciente, 'estadisticas');
      return stats;
    },

    /** GET /api/usuarios/historial: a patient's own history, or a doctor's own consultations. */
    async userHistory(caller: Caller, query: HistorialQuery) {
      const { actor, language } = caller;
      const scope: HistoryScope =
        actor.rol === 'doctor' ? { id_doctor: ownDoctorId(actor, language) } : { id_paciente: ownPatientId(actor, language) };
      const page = await history(actor, scope, query, language);
      await audit(
        actor,
        caller,
        'historial.leer',
        scope.id_paciente ?? null,
        actor.rol === 'doctor' ? 'consultas del doctor' : undefined,
      );
      return page;
    },

    /** The filtered history as a PDF with the patient's name and the clinic's details. */
    async historyPdf(caller: Caller, filters: HistorialFilters) {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const now = clock.now();
      const today = localDate(now, config.timeZone);
      const filter = historyFilterOf(filters, { today, time: localTime(now, config.timeZone) });
      const [account, stats, items] = await Promise.all([
        accountOf(id_paciente, caller.language),
        historyStats(db, { id_paciente }, filter, today),
        // A whole life of consultations fits; the cap keeps one request bounded.
        listHistory(db, { id_paciente }, filter, { limit: 5000, offset: 0 }),
      ]);
      await audit(actor, caller, 'historial.exportar_pdf', id_paciente);
      const pdf = await renderHistoryPdf({
        language: caller.language,
        patient: { nombre: fullName(account), dni: account.dni, nacimiento: account.nacimiento },
        filters,
        stats,
        items,
        generatedAt: { fecha: today, hora: localTime(now, config.timeZone) },
        letterhead: await currentLetterhead(app),
      });
      return { pdf, fileName: `historial-${today}.pdf` };
    },
  };
}
