import { formatIso } from '../../../../lib/calendar.ts';

/** A visit's day and time for people: "martes, 10 de marzo de 2026, 10:00". */
export const visitWhen = (visit: { fecha: string; hora: string }, language: string) =>
  `${formatIso(visit.fecha, { dateStyle: 'full' }, language)}, ${visit.hora}`;
