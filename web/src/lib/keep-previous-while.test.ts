import { describe, expect, it } from 'vitest';
import { keepPreviousWhile } from './keep-previous-while.ts';

describe('keepPreviousWhile', () => {
  const week = [{ fecha: '2026-11-30', hora_inicio: '09:00' }];
  const placeholderFor = keepPreviousWhile(2, 7);

  it("keeps the last answer on screen while the key's doctor is the same (another week)", () => {
    expect(placeholderFor(week, { queryKey: ['citas', 'agenda-disponible', 7, '2026-11-23'] })).toBe(week);
  });

  it("shows nothing of another doctor's answer", () => {
    expect(placeholderFor(week, { queryKey: ['citas', 'agenda-disponible', 8, '2026-11-30'] })).toBeUndefined();
  });

  it('compares the key by value: the same filters in another object keep the last page on screen', () => {
    const byFilters = keepPreviousWhile(2, { tipo: 'Revisión', desde: '2026-01-01' });
    expect(byFilters(week, { queryKey: ['historial', 'paciente', { desde: '2026-01-01', tipo: 'Revisión' }, 1] })).toBe(week);
    expect(byFilters(week, { queryKey: ['historial', 'paciente', { tipo: 'Revisión' }, 1] })).toBeUndefined();
  });

  it('has nothing to keep on a first load', () => {
    expect(placeholderFor(undefined, undefined)).toBeUndefined();
  });
});
