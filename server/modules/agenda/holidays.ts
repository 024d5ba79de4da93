import Holidays from 'date-holidays';
import type { Language } from '../../../contracts/messages/index.ts';

/**
 * The clinic's public holidays: the country's national ones and, with a region
 * (PUBLIC_HOLIDAY_REGION, ES-CT by default), that region's, from date-holidays, which also moves
 * Good Friday and Easter Monday with Easter. Only days off for everyone ('public') count; local
 * observances do not close the agenda.
 */
export interface PublicHoliday {
  fecha: string;
  nombre: string;
}

export interface HolidayCalendar {
  /** Every public holiday of a year, in date order, named in a language. */
  list(year: number, language: Language): PublicHoliday[];
  isHoliday(fecha: string): boolean;
}

export function holidayCalendar(region: string): HolidayCalendar {
  if (region === 'none') return { list: () => [], isHoliday: () => false };
  const [country = '', state] = region.split('-');
  const calendar = state ? new Holidays(country, state) : new Holidays(country);
  if (!calendar.getCountries()[country] || (state && !calendar.getStates(country)?.[state])) {
    throw new Error(`PUBLIC_HOLIDAY_REGION: unknown region ${region}`);
  }
  const days = new Map<number, Set<string>>();
  const named = new Map<string, PublicHoliday[]>();
  const list = (year: number, language: Language): PublicHoliday[] => {
    const key = `${year}:${language}`;
    let found = named.get(key);
    if (!found) {
      found = (calendar.getHolidays(year, language) || [])
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => ({ fecha: holiday.date.slice(0, 10), nombre: holiday.name }));
      named.set(key, found);
    }
    return found;
  };
  return {
    list,
    isHoliday(fecha) {
      const year = Number(fecha.slice(0, 4));
      let set = days.get(year);
      if (!set) {
        set = new Set(list(year, 'es').map((holiday) => holiday.fecha));
        days.set(year, set);
      }
      return set.has(fecha);
    },
  };
}
