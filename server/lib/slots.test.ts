import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMinutes,
  dayInterval,
  gapSlots,
  isValidInterval,
  newSlots,
  overlaps,
  shortTime,
  slotStarts,
  toMinutes,
  toTime,
} from './slots.ts';

const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 });
const interval = fc.integer({ min: 1, max: 48 }).map((n) => n * 5);

describe('slot maths', () => {
  it('generates the spec ranges: 09:00-14:00 every 15 minutes is 20 slots, up to 13:45', () => {
    const morning = slotStarts('09:00', '14:00', 15);
    expect(morning).toHaveLength(20);
    expect(morning[0]).toBe('09:00');
    expect(morning.at(-1)).toBe('13:45');
    expect(slotStarts('16:00', '19:00', 30)).toEqual(['16:00', '16:30', '17:00', '17:30', '18:00', '18:30']);
  });

  it('leaves out a last slot that would not fit before the end', () => {
    expect(slotStarts('09:00', '09:50', 20)).toEqual(['09:00', '09:20']);
    expect(slotStarts('10:00', '10:00', 15)).toEqual([]);
    expect(slotStarts('11:00', '10:00', 15)).toEqual([]);
  });

  it('accepts HH:MM:SS and shows HH:MM', () => {
    expect(slotStarts('09:00:00', '10:00:00', 30)).toEqual(['09:00', '09:30']);
    expect(shortTime('09:15:00')).toBe('09:15');
    expect(toMinutes('23:59:59')).toBe(23 * 60 + 59);
    expect(addMinutes('09:45', 15)).toBe('10:00');
  });

  it('accepts only intervals of at least 5 minutes in steps of 5', () => {
    expect([5, 10, 15, 60].every(isValidInterval)).toBe(true);
    expect([0, 3, 7, 12.5, -5, Number.NaN].some(isValidInterval)).toBe(false);
    expect(() => slotStarts('09:00', '10:00', 7)).toThrow(RangeError);
  });

  it('property: slots never overlap, stay inside the range and number floor(span / interval)', () => {
    fc.assert(
      fc.property(minuteOfDay, minuteOfDay, interval, (a, b, step) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const starts = slotStarts(toTime(from), toTime(to), step);
        expect(starts).toHaveLength(Math.floor((to - from) / step));
        let previousEnd = from;
        for (const start of starts) {
          const begin = toMinutes(start);
          expect(begin).toBeGreaterThanOrEqual(previousEnd);
          expect(begin + step).toBeLessThanOrEqual(to);
          previousEnd = begin + step;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: new slots never overlap each other nor the existing ones, and re-opening adds nothing', () => {
    const range = fc.tuple(minuteOfDay, minuteOfDay).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));
    fc.assert(
      fc.property(range, range, interval, interval, ([s1, e1], [s2, e2], first, second) => {
        const day = newSlots(slotStarts(toTime(s1), toTime(e1), first), first, []);
        const added = gapSlots(toTime(s2), toTime(e2), second, day);
        const all = [...day, ...added];
        // Sorted by start, no slot may begin before the previous one ends.
        const sorted = [...all].sort((x, y) => toMinutes(x.hora_inicio) - toMinutes(y.hora_inicio));
        expect(sorted.every((slot, i) => i === 0 || !overlaps(sorted[i - 1]!, slot))).toBe(true);
        expect(added.every((slot) => toMinutes(slot.hora_inicio) >= s2 && toMinutes(slot.hora_fin) <= e2)).toBe(true);
        expect(gapSlots(toTime(s2), toTime(e2), second, all)).toEqual([]);
        expect(newSlots(slotStarts(toTime(s1), toTime(e1), first), first, all)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('skips duplicate starts and slots past midnight', () => {
    expect(newSlots(['10:00', '10:00:00', '09:50'], 15, [])).toEqual([
      { hora_inicio: '09:50', hora_fin: '10:05' },
    ]);
    expect(newSlots(['23:50'], 15, [])).toEqual([]);
    expect(newSlots(['23:45'], 15, [])).toEqual([{ hora_inicio: '23:45', hora_fin: '24:00' }]);
  });

  it('finds the interval a day runs at', () => {
    expect(dayInterval([], 15)).toBe(15);
    expect(dayInterval([30, 30, 15], 15)).toBe(30);
    expect(dayInterval([20, 10], 15)).toBe(10);
  });
});
