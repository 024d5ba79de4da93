import type { FastifyInstance } from 'fastify';
import {
  DIAS_NO_PRESENTADOS,
  HOME_ANSWERS_LIMIT,
  HOME_OLDEST_REQUESTS_LIMIT,
  HOME_UPCOMING_LIMIT,
  type CifrasClinica,
  type InicioMedico,
  type InicioPaciente,
  type VisitasPorTipo,
} from '../../../contracts/home.ts';
import type { TipoDeCita } from '../../../contracts/visit-types.ts';
import { visitTypeNamer, visitTypeShower } from '../visit-types/index.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { ownDoctorId, ownPatientId } from '../../lib/access.ts';
import { addDays, instantOf, localDate, localTime } from '../../lib/clock.ts';
import { fullName } from '../../../contracts/names.ts';
import type { Caller } from '../../lib/request-context.ts';
import { countNewPatients, slotOccupancy } from './home.repository.ts';
import { bookingPolicy, clinicAppointments, doctorAppointments, patientAppointments } from '../appointments/index.ts';
import { recentBurstAlerts } from '../break-the-glass/index.ts';

type Localised = { especialidad_es: string; especialidad_ca: string; especialidad_en: string };
const specialtyIn = (row: Localised, language: Language) =>
  ({ es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en })[language];

const hhmm = (time: string) => time.slice(0, 5);

/** Monday of the week of `date` (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/** First and last day of the month of `date`. */
export function monthOf(date: string): [string, string] {
  const first = `${date.slice(0, 7)}-01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return [first, addDays(next.toISOString().slice(0, 10), -1)];
}

/**
 * Visits counted by their type (one written without a type is a 'Consulta'), most first, then by
 * name: the home figures by type.
 */
export function byType(counts: readonly { type: TipoDeCita | null; visitas: number }[]): VisitasPorTipo[] {
  const totals = new Map<number, VisitasPorTipo>();
  for (const { type, visitas } of counts) {
    if (!type) continue;
    const seen = totals.get(type.id_tipo);
    totals.set(type.id_tipo, { ...type, visitas: (seen?.visitas ?? 0) + visitas });
  }
  return [...totals.values()].sort((a, b) => b.visitas - a.visitas || a.nombre.localeCompare(b.nombre));
}

/** The day's work on each role's home screen, in the clinic's time zone. */
export function createHomeService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const now = () => {
    const instant = clock.now();
    return { instant, today: localDate(instant, config.timeZone), time: localTime(instant, config.timeZone) };
  };

  return {
    async patient(caller: Caller): Promise<InicioPaciente> {
      const id_paciente = ownPatientId(caller.actor, caller.language);
      const { instant, today, time } = now();
      const appointments = patientAppointments(db, id_paciente);
      const [upcoming, total, last, rules] = await Promise.all([
        appointments.upcoming(today, time, HOME_UPCOMING_LIMIT + 1),
        appointments.countUpcoming(today, time),
        appointments.last(today, time),
        bookingPolicy.rules(app),
      ]);
      const since = last ? instantOf(last.fecha, last.hora, config.timeZone).toISOString() : null;
      const answers = await appointments.answers(since, HOME_ANSWERS_LIMIT);
      const visits = upcoming.map((row) => ({
        id_cita: row.id_cita,
        fecha: row.fecha,
        hora: hhmm(row.hora),
        doctor: fullName(row),
        especialidad: specialtyIn(row, caller.language),
        estado: row.estado === 'pendiente' ? ('pendiente' as const) : ('Confirmada' as const),
        tipo: row.tipo ?? 'Consulta',
        motivo: row.motivo,
        fuera_de_plazo: bookingPolicy.insideCancelNotice(rules, row, instant, config.timeZone),
      }));
      return {
        hoy: today,
        proxima: visits[0] ?? null,
        otras: visits.slice(1),
        total_proximas: total,
        respuestas: answers.map((row) => ({
          id_cita: row.id_cita,
          fecha: row.fecha,
          hora: hhmm(row.hora),
          doctor: fullName(row),
          estado: row.estado === 'Confirmada' ? ('Confirmada' as const) : ('Cancelada' as const),
          motivo_rechazo: row.estado === 'Cancelada' ? row.motivo_rechazo : null,
          respondida_en: row.actualizado_en,
        })),
      };
    },

    async doctor(caller: Caller): Promise<InicioMedico> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      const { today } = now();
      const tomorrow = addDays(today, 1);
      const appointments = doctorAppointments(db, id_doctor);
      const [visits, pendingTotal, pending, tomorrowTotal, tomorrowPending, typeOf] = await Promise.all([
        appointments.day(today),
        appointments.countPending(today),
        appointments.oldestPending(today, HOME_OLDEST_REQUESTS_LIMIT),
        appointments.countDay(tomorrow),
        appointments.countDayRequests(tomorrow),
        visitTypeShower(db, caller.language),
      ]);
      return {
        hoy: today,
        manana: tomorrow,
        visitas_hoy: visits.map((row) => ({
          id_cita: row.id_cita,
          hora: hhmm(row.hora),
          id_paciente: row.id_paciente,
          paciente: fullName(row),
          tipo: row.tipo ?? 'Consulta',
          estado: row.estado === 'pendiente' ? ('pendiente' as const) : ('Confirmada' as const),
          motivo: row.motivo,
          tipo_visita: typeOf(row.id_tipo_visita, row.tipo),
        })),
        visitas_hoy_por_tipo: byType(
          visits.map((row) => ({ type: typeOf(row.id_tipo_visita, row.tipo), visitas: 1 })),
        ),
        pendientes_total: pendingTotal,
        pendientes: pending.map((row) => ({
          id_cita: row.id_cita,
          fecha: row.fecha,
          hora: hhmm(row.hora),
          id_paciente: row.id_paciente,
          paciente: fullName(row),
          motivo: row.motivo,
          solicitada_en: row.creado_en,
        })),
        manana_total: tomorrowTotal,
        manana_pendientes: tomorrowPending,
      };
    },

    async clinic(caller: Caller): Promise<CifrasClinica> {
      const { today } = now();
      const monday = mondayOf(today);
      const sunday = addDays(monday, 6);
      const [monthStart, monthEnd] = monthOf(today);
      const noShowsFrom = addDays(today, -DIAS_NO_PRESENTADOS);
      const noShowsTo = addDays(today, -1);
      const appointments = clinicAppointments(db);
      const weekAgo = new Date(clock.now().getTime() - 7 * 24 * 3_600_000).toISOString();
      const [visitsToday, visitsWeek, pending, newPatients, occupancy, noShows, weekByType, typeOf, bursts] = await Promise.all([
        appointments.countActive(today, today),
        appointments.countActive(monday, sunday),
        appointments.countPending(today),
        countNewPatients(db, monthStart, monthEnd),
        slotOccupancy(db, monday, sunday),
        appointments.noShows(noShowsFrom, noShowsTo),
        appointments.countActiveByType(monday, sunday),
        visitTypeNamer(db, caller.language),
        recentBurstAlerts(db, weekAgo, 20),
      ]);
      const share = (row: { reservados: number; abiertos: number }) =>
        row.abiertos === 0 ? 0 : row.reservados / row.abiertos;
      return {
        hoy: today,
        semana_desde: monday,
        semana_hasta: sunday,
        mes_desde: monthStart,
        mes_hasta: monthEnd,
        visitas_hoy: visitsToday,
        visitas_semana: visitsWeek,
        visitas_semana_por_tipo: byType(weekByType.map((row) => ({ type: typeOf(row.id_tipo_visita), visitas: row.visitas }))),
        solicitudes_pendientes: pending,
        pacientes_nuevos_mes: newPatients,
        no_presentados: {
          desde: noShowsFrom,
          hasta: noShowsTo,
          visitas: noShows.visitas,
          no_presentados: noShows.no_presentados,
          tasa: noShows.visitas === 0 ? null : noShows.no_presentados / noShows.visitas,
        },
        ocupacion: occupancy
          .map((row) => ({
            id_doctor: row.id_doctor,
            doctor: fullName(row),
            especialidad: specialtyIn(row, caller.language),
            reservados: row.reservados,
            abiertos: row.abiertos,
          }))
          .sort((a, b) => share(b) - share(a) || b.abiertos - a.abiertos || a.doctor.localeCompare(b.doctor)),
        alertas_acceso_urgente: bursts.map((burst) => ({
          id_doctor: burst.id_doctor,
          doctor: fullName({ nombre: burst.doctor_nombre, apellido1: burst.doctor_apellido1 }),
          aperturas: burst.aperturas,
          desde: burst.desde,
          hasta: burst.hasta,
        })),
      };
    },
  };
}
