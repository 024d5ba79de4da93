/**
 * Slot arithmetic of the agenda. The rules are shared with the web (contracts/slots.ts), so the
 * server and the 'Apertura de Jornada' screen count slots the same way.
 */
export {
  addMinutes,
  dayInterval,
  DEFAULT_INTERVAL,
  gapSlots,
  isValidInterval,
  MINUTES_PER_DAY,
  newSlots,
  openingSlotLength,
  overlaps,
  shortTime,
  slotStarts,
  toMinutes,
  toTime,
  type TimeRange,
} from '../../contracts/slots.ts';

/** The days of the month (1-31) the dates fall on, each once, in order. */
export const dayNumbers = (fechas: { fecha: string }[]): number[] =>
  [...new Set(fechas.map((row) => Number(row.fecha.slice(8, 10))))].sort((a, b) => a - b);
