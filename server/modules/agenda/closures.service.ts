import type { FastifyInstance } from 'fastify';
import type { Cierre, CierreCreado, NuevoCierre, NuevoFestivoClinica } from '../../../contracts/relocate.ts';
import type { Festivo } from '../../../contracts/weekly-hours.ts';
import { fail } from '../../lib/errors.ts';
import { localDate } from '../../lib/clock.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { relocation } from '../appointments/index.ts';
import { followClinicCalendar, markClosedDays } from './clinic-calendar.ts';
import {
  clinicHolidayEntries,
  closuresFrom,
  deleteClinicHoliday,
  deleteClosure,
  findClinicHoliday,
  findClosure,
  insertClinicHoliday,
  insertClosure,
} from './closures.repository.ts';
import { clinicHolidays } from './keep-open.ts';

/** The clinic's own calendar: closures of the whole clinic and its holiday list (local holidays, public ones it opens on). */
export function createClosuresService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const today = () => localDate(clock.now(), config.timeZone);
  const audit = (caller: Caller, accion: 'clinica.cierre' | 'clinica.cierre_eliminar' | 'clinica.festivo', detalle: string) =>
    actorAudit(caller.actor, caller.address, clock.now().toISOString(), { accion, id_paciente: null, detalle });

  return {
    /** Closures not yet over, soonest first. */
    async closures(): Promise<Cierre[]> {
      return closuresFrom(db, today());
    },

    /** Closes the clinic: no slot is offered on those days, and visits already booked wait for the desk. */
    async addClosure(caller: Caller, input: NuevoCierre): Promise<CierreCreado> {
      if (input.fecha_fin < today()) throw fail(400, 'cierre_pasado', caller.language, { field: 'fecha_fin' });
      return db.transaction().execute(async (trx) => {
        const cierre = await insertClosure(trx, input, clock.now().toISOString());
        const from = cierre.fecha_inicio > today() ? cierre.fecha_inicio : today();
        const huecos_cerrados = await followClinicCalendar(app, trx, from, cierre.fecha_fin, cierre.motivo, true);
        const por_reubicar = await markClosedDays(app, trx, from, cierre.fecha_fin, { causa: 'cierre', ref: cierre.id_cierre, motivo: cierre.motivo });
        await writeAudit(trx, audit(caller, 'clinica.cierre', `cierre ${cierre.id_cierre}: ${cierre.fecha_inicio} - ${cierre.fecha_fin}`));
        return { cierre, huecos_cerrados, por_reubicar };
      });
    },

    /** Reopens the days of a closure (from weekly hours; days opened by hand stay as they were); its visits stop waiting. */
    async removeClosure(caller: Caller, id_cierre: number): Promise<void> {
      const cierre = await findClosure(db, id_cierre);
      if (!cierre) throw fail(404, 'cierre_no_encontrado', caller.language);
      await db.transaction().execute(async (trx) => {
        if (!(await deleteClosure(trx, id_cierre))) throw fail(404, 'cierre_no_encontrado', caller.language);
        const from = cierre.fecha_inicio > today() ? cierre.fecha_inicio : today();
        if (from <= cierre.fecha_fin) await followClinicCalendar(app, trx, from, cierre.fecha_fin, cierre.motivo, false);
        await relocation(trx).clear({ causa: 'cierre', ref: id_cierre }, cierre.fecha_inicio, cierre.fecha_fin);
        await writeAudit(trx, audit(caller, 'clinica.cierre_eliminar', `cierre ${id_cierre}: ${cierre.fecha_inicio} - ${cierre.fecha_fin}`));
      });
    },

    /**
     * The year's holidays as the clinic keeps them: the region's public ones (marked abierto when
     * the clinic opens on one) and its local ones, in date order, named in the caller's language.
     */
    async holidays(caller: Caller, anio: number): Promise<Festivo[]> {
      const entries = await clinicHolidayEntries(db, `${anio}-01-01`, `${anio}-12-31`);
      const opened = new Set(entries.filter((entry) => entry.tipo === 'abierto').map((entry) => entry.fecha));
      const list: Festivo[] = [
        ...clinicHolidays(app)
          .list(anio, caller.language)
          .map((holiday) => ({ ...holiday, origen: 'publico' as const, abierto: opened.has(holiday.fecha) })),
        ...entries.filter((entry) => entry.tipo === 'local').map((entry) => ({ fecha: entry.fecha, nombre: entry.nombre, origen: 'local' as const, abierto: false })),
      ];
      return list.sort((a, b) => a.fecha.localeCompare(b.fecha));
    },

    /** A local holiday closes the day like a closure; opening on a public holiday gives it its weekly hours. */
    async addHoliday(caller: Caller, input: NuevoFestivoClinica): Promise<void> {
      if (input.fecha < today()) throw fail(400, 'fecha_pasada', caller.language, { field: 'fecha' });
      const isPublic = clinicHolidays(app).isHoliday(input.fecha);
      if (input.tipo === 'local' && isPublic) throw fail(409, 'festivo_ya_publico', caller.language, { field: 'fecha' });
      if (input.tipo === 'abierto' && !isPublic) throw fail(409, 'festivo_no_publico', caller.language, { field: 'fecha' });
      const nombre = input.tipo === 'local' ? input.nombre : (clinicHolidays(app).list(Number(input.fecha.slice(0, 4)), 'es').find((h) => h.fecha === input.fecha)?.nombre ?? '');
      await db.transaction().execute(async (trx) => {
        if (!(await insertClinicHoliday(trx, { fecha: input.fecha, tipo: input.tipo, nombre }, clock.now().toISOString()))) {
          throw fail(409, 'festivo_existente', caller.language, { field: 'fecha' });
        }
        const closing = input.tipo === 'local';
        await followClinicCalendar(app, trx, input.fecha, input.fecha, nombre, closing);
        if (closing) await markClosedDays(app, trx, input.fecha, input.fecha, { causa: 'cierre', ref: null, motivo: nombre });
        else await relocation(trx).clear({ causa: 'cierre', ref: null }, input.fecha, input.fecha);
        await writeAudit(trx, audit(caller, 'clinica.festivo', `${input.tipo === 'local' ? 'festivo local' : 'abre'} ${input.fecha}`));
      });
    },

    /** Takes a day off the clinic's list: a local holiday opens again, a public one the clinic opened on closes again. */
    async removeHoliday(caller: Caller, fecha: string): Promise<void> {
      const entry = await findClinicHoliday(db, fecha);
      if (!entry) throw fail(404, 'festivo_no_encontrado', caller.language);
      if (fecha < today()) throw fail(400, 'fecha_pasada', caller.language);
      await db.transaction().execute(async (trx) => {
        if (!(await deleteClinicHoliday(trx, fecha))) throw fail(404, 'festivo_no_encontrado', caller.language);
        const closing = entry.tipo === 'abierto';
        await followClinicCalendar(app, trx, fecha, fecha, entry.nombre, closing);
        if (closing) await markClosedDays(app, trx, fecha, fecha, { causa: 'cierre', ref: null, motivo: entry.nombre });
        else await relocation(trx).clear({ causa: 'cierre', ref: null }, fecha, fecha);
        await writeAudit(trx, audit(caller, 'clinica.festivo', `${entry.tipo === 'local' ? 'quita festivo local' : 'cierra'} ${fecha}`));
      });
    },
  };
}
