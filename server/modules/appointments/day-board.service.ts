import type { FastifyInstance } from 'fastify';
import type { DiaClinica, DiaQuery, DoctorDia, SalaEspera } from '../../../contracts/clinic-day.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { fullName } from '../../../contracts/names.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { currentLetterhead } from '../clinic/index.ts';
import { boardVisit, lateness } from './day-board.ts';
import { listDayDoctors, listDayVisits, type DayDoctorRow, type DayVisitRow } from './day-board.repository.ts';
import { renderDayListPdf } from './day-list-pdf.ts';

const specialtyOf = (doctor: DayDoctorRow, language: Language) =>
  language === 'ca' ? doctor.especialidad_ca : language === 'en' ? doctor.especialidad_en : doctor.especialidad_es;

/** The clinic's day as the desk sees it, the doctor's waiting room, and one doctor's day on paper. */
export function createDayBoardService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const timeZone = config.timeZone;

  /** Every doctor's confirmed visits of `fecha` (only `id_doctor`'s when given), by doctor and time. */
  async function dayOf(language: Language, fecha: string | undefined, id_doctor?: number): Promise<DiaClinica> {
    const now = clock.now();
    const hoy = localDate(now, timeZone);
    const day = fecha ?? hoy;
    const context = { fecha: day, now, isToday: day === hoy, timeZone };
    const rows = await listDayVisits(db, day, id_doctor);
    const byDoctor = new Map<number, DayVisitRow[]>();
    for (const row of rows) byDoctor.set(row.id_doctor, [...(byDoctor.get(row.id_doctor) ?? []), row]);
    // A doctor asked for by id shows even on a day without slots (an empty list to print).
    const named = id_doctor === undefined ? [...byDoctor.keys()] : [id_doctor];
    const doctors = (await listDayDoctors(db, day, named)).filter(
      (doctor) => id_doctor === undefined || doctor.id_doctor === id_doctor,
    );
    const doctores: DoctorDia[] = doctors.map((doctor) => {
      const visitas = (byDoctor.get(doctor.id_doctor) ?? []).map((row) => boardVisit(row, context));
      return {
        id_doctor: doctor.id_doctor,
        doctor: fullName(doctor),
        sexo: doctor.sexo,
        especialidad: specialtyOf(doctor, language),
        ...lateness(visitas, context),
        visitas,
      };
    });
    return { fecha: day, hoy, ahora: now.toISOString(), doctores };
  }

  return {
    /** GET /api/recepcion/hoy: identity, phone and the visit's reason only, never clinical data. */
    board: (caller: Caller, query: DiaQuery) => dayOf(caller.language, query.fecha),

    /** The doctor's patients of today who have arrived or are in with them, and whether they run late. */
    async waitingRoom(caller: Caller): Promise<SalaEspera> {
      const id_doctor = caller.actor.id_doctor;
      if (id_doctor === null) throw fail(403, 'sin_permiso', caller.language);
      const day = await dayOf(caller.language, undefined, id_doctor);
      const mine = day.doctores[0];
      const visitas = (mine?.visitas ?? []).filter((visit) => visit.estado === 'llego' || visit.estado === 'en_consulta');
      return { id_doctor, hoy: day.hoy, ahora: day.ahora, retraso_min: mine?.retraso_min ?? 0, retrasado: mine?.retrasado ?? false, visitas };
    },

    /** One doctor's day as a PDF: the desk prints any doctor's, a doctor only their own. */
    async dayListPdf(caller: Caller, id_doctor: number, query: DiaQuery): Promise<{ pdf: Buffer; fileName: string }> {
      const { actor } = caller;
      if (actor.rol === 'doctor' && actor.id_doctor !== id_doctor) throw fail(403, 'sin_permiso', caller.language);
      const day = await dayOf(caller.language, query.fecha, id_doctor);
      const doctor = day.doctores[0];
      if (!doctor) throw fail(404, 'doctor_no_encontrado', caller.language);
      const now = clock.now();
      await writeAudit(
        db,
        actorAudit(actor, caller.address, now.toISOString(), {
          accion: 'citas.listar',
          id_paciente: null,
          detalle: `lista del día ${day.fecha} del doctor ${id_doctor} (PDF)`,
        }),
      );
      const pdf = await renderDayListPdf({
        language: caller.language,
        fecha: day.fecha,
        doctor,
        generatedAt: { fecha: localDate(now, timeZone), hora: localTime(now, timeZone) },
        letterhead: await currentLetterhead(app),
      });
      return { pdf, fileName: `lista-${day.fecha}-${id_doctor}.pdf` };
    },
  };
}
