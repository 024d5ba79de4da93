import { describe, expect, it } from 'vitest';
import { printable } from './clinic-pdf.ts';

describe('text for the standard PDF fonts', () => {
  it('keeps every western accent and sign, drops emoji and marks what cannot be shown', () => {
    expect(printable('Núria Pérez-Çelà, l·l, «ñandú» © ® € – “ok”')).toBe('Núria Pérez-Çelà, l·l, «ñandú» © ® € – “ok”');
    expect(printable('Gracias 🙂👍🏽 👩‍⚕️ 🇪🇸!')).toBe('Gracias   !');
    expect(printable('Иван 王')).toBe('???? ?');
  });
});
