import { describe, expect, it } from 'vitest';
import { storedWordLabel } from './format.ts';

describe('words of the clinical file stored in Spanish', () => {
  it('read in the interface language, and free text stays as typed', () => {
    expect(storedWordLabel('Crónica', 'en')).toBe('Chronic');
    expect(storedWordLabel('Crónica', 'ca')).toBe('Crònica');
    expect(storedWordLabel('Crónica', 'es')).toBe('Crónica');
    expect(storedWordLabel('Recuerdo', 'en')).toBe('Booster');
    expect(storedWordLabel('Única', 'en')).toBe('Single dose');
    expect(storedWordLabel('Revisión', 'en')).toBe('Check-up');
    expect(storedWordLabel('10 cigarrillos/día', 'en')).toBe('10 cigarrillos/día');
  });
});
