import { useQuery } from '@tanstack/react-query';
import type { Festivo } from '../../../../../contracts/weekly-hours.ts';
import { api } from '../../../lib/api.ts';
import { clinicCalendarKeys } from './clinic-calendar-keys.ts';

export const getHolidays = (anio: number) => api<Festivo[]>('GET', `/agenda/festivos?anio=${anio}`);
export const useHolidays = (anio: number) => useQuery({ queryKey: [...clinicCalendarKeys.all, 'festivos', anio], queryFn: () => getHolidays(anio) });
