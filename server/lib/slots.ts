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
