import { describe, expect, it } from 'vitest';
import type { Franja } from '../../../contracts/weekly-hours.ts';
import { instantOf } from '../../lib/clock.ts';
import { holidayCalendar } from './holidays.ts';
import { closedOn } from './keep-open.ts';
import { absenceOnDay, expandDay, weekday } from './weekly-hours.ts';

const range = (dia_semana: number, hora_inicio: string, hora_fin: string, duracion_min = 15): Franja => ({ dia_semana, hora_inicio, hora_fin, duracion_min });
const WEEK: Franja[] = [
  ...[1, 2, 3, 4].flatMap((day) => [range(day, '09:00', '14:00'), range(day, '16:00', '19:00')]),
  range(5, '09:00', '14:00'),
  range(7, '09:00', '14:00'),
];

describe('weekly hours as slots', () => {
  it('cuts each range of the weekday at its slot length, only starts whose slot ends by the range end', () => {
    expect(weekday('2026-03-02')).toBe(1);
    expect(weekday('2026-03-08')).toBe(7);
    const monday = expandDay(WEEK, '2026-03-02');
    expect(monday).toHaveLength(20 + 12);
    expect(monday[0]).toEqual({ hora_inicio: '09:00', hora_fin: '09:15', duracion_min: 15 });
    expect(monday.at(-1)).toEqual({ hora_inicio: '18:45', hora_fin: '19:00', duracion_min: 15 });
    expect(expandDay(WEEK, '2026-03-06')).toHaveLength(20);
    expect(expandDay(WEEK, '2026-03-07')).toEqual([]);
    // Decisions #26: 16:00-19:00 every 40 minutes gives 16:00, 16:40, 17:20 and 18:00.
    expect(expandDay([range(1, '16:00', '19:00', 40)], '2026-03-02').map((slot) => slot.hora_inicio)).toEqual(['16:00', '16:40', '17:20', '18:00']);
  });

  it("neither creates, loses nor shifts a slot on Europe/Madrid's daylight-saving days", () => {
    const ordinary = expandDay(WEEK, '2026-03-22');
    for (const change of ['2026-03-29', '2026-10-25']) {
      expect(weekday(change)).toBe(7);
      const slots = expandDay(WEEK, change);
      expect(slots).toEqual(ordinary);
      // The wall-clock slots are still 15 real minutes apart on the day the offset changes.
      const instants = slots.map((slot) => instantOf(change, slot.hora_inicio, 'Europe/Madrid').getTime());
      expect(instants.slice(1).map((instant, index) => instant - (instants[index] as number))).toEqual(Array(19).fill(15 * 60_000));
    }
    expect(instantOf('2026-03-29', '09:00', 'Europe/Madrid').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(instantOf('2026-10-25', '09:00', 'Europe/Madrid').toISOString()).toBe('2026-10-25T08:00:00.000Z');
    // A night range across the missing and the repeated hour keeps its wall-clock slots too.
    const night = [range(7, '01:00', '04:00', 30)];
    expect(expandDay(night, '2026-03-29')).toHaveLength(6);
    expect(expandDay(night, '2026-10-25')).toHaveLength(6);
  });

  it('leaves out the slots an absence touches, whole days or from an hour to another day', () => {
    const absence = { fecha_inicio: '2026-03-02', fecha_fin: '2026-03-04', hora_inicio: '12:00', hora_fin: '10:00' };
    expect(absenceOnDay(absence, '2026-03-01')).toBeUndefined();
    expect(absenceOnDay(absence, '2026-03-02')).toEqual({ hora_inicio: '12:00', hora_fin: '24:00' });
    expect(absenceOnDay(absence, '2026-03-03')).toEqual({ hora_inicio: '00:00', hora_fin: '24:00' });
    expect(absenceOnDay(absence, '2026-03-04')).toEqual({ hora_inicio: '00:00', hora_fin: '10:00' });
    const none = holidayCalendar('none');
    expect(expandDay(WEEK, '2026-03-02', closedOn(none, [absence], '2026-03-02'))).toHaveLength(12);
    expect(expandDay(WEEK, '2026-03-03', closedOn(none, [absence], '2026-03-03'))).toEqual([]);
    expect(expandDay(WEEK, '2026-03-04', closedOn(none, [absence], '2026-03-04'))[0]?.hora_inicio).toBe('10:00');
    // A half-hour absence inside a 15-minute grid closes exactly the two slots it covers.
    const short = { fecha_inicio: '2026-03-09', fecha_fin: '2026-03-09', hora_inicio: '10:00', hora_fin: '10:30' };
    expect(expandDay(WEEK, '2026-03-09', closedOn(none, [short], '2026-03-09'))).toHaveLength(30);
  });
});

describe('public holidays', () => {
  it("closes Spain's national holidays and Catalonia's, Good Friday and Easter Monday moving with Easter", () => {
    const catalonia = holidayCalendar('ES-CT');
    for (const fecha of ['2026-01-01', '2026-01-06', '2026-04-03', '2026-04-06', '2026-05-01', '2026-06-24', '2026-08-15', '2026-09-11', '2026-10-12', '2026-11-01', '2026-12-08', '2026-12-25', '2026-12-26', '2027-03-26', '2027-03-29']) {
      expect(catalonia.isHoliday(fecha), fecha).toBe(true);
    }
    // Observances are not days off; Holy Thursday is not a holiday in Catalonia.
    for (const fecha of ['2026-03-19', '2026-04-02', '2026-04-05', '2026-04-07', '2027-04-05']) expect(catalonia.isHoliday(fecha), fecha).toBe(false);
    const national = holidayCalendar('ES');
    expect(national.isHoliday('2026-04-03')).toBe(true);
    expect(national.isHoliday('2026-04-06')).toBe(false);
    expect(national.isHoliday('2026-09-11')).toBe(false);
    expect(holidayCalendar('none').isHoliday('2026-12-25')).toBe(false);
    expect(closedOn(catalonia, [], '2026-04-06')).toEqual([{ hora_inicio: '00:00', hora_fin: '24:00' }]);
    expect(expandDay(WEEK, '2026-04-06', closedOn(catalonia, [], '2026-04-06'))).toEqual([]);
  });

  it('names the holidays in the language asked and refuses an unknown region', () => {
    const catalonia = holidayCalendar('ES-CT');
    expect(catalonia.list(2026, 'ca').find((holiday) => holiday.fecha === '2026-09-11')?.nombre).toBe('Diada de Catalunya');
    expect(catalonia.list(2026, 'es').map((holiday) => holiday.fecha)).toContain('2026-04-06');
    expect(() => holidayCalendar('ES-ZZ')).toThrow(/unknown region/);
  });
});
