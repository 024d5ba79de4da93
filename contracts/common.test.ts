import { describe, expect, it } from 'vitest';
import { finalizarConsultaSchema } from './consultations.ts';
import { optionalText, requiredText, withoutHiddenCharacters } from './common.ts';

const HIDDEN = ['\u202E', '\u2066', '\u200B', '\u200E', '\uFEFF', '\u0007', '\u0085', '\u2028'];

describe('free text others read', () => {
  it('keeps lines and tabs, and refuses control characters and the invisible marks that reorder or hide text', () => {
    for (const schema of [requiredText('nombre_requerido', 200), optionalText(200)]) {
      expect(schema.parse('Calle Mayor 3\n2º 1ª\tescalera B')).toBe('Calle Mayor 3\n2º 1ª\tescalera B');
      expect(schema.parse('Línea uno\r\nlínea dos')).toBe('Línea uno\r\nlínea dos');
      for (const mark of HIDDEN) {
        const result = schema.safeParse(`Llame al ${mark}900 765 432`);
        expect(result.success, JSON.stringify(mark)).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('texto_caracteres_ocultos');
      }
    }
  });

  it("applies to a consultation's diagnosis", () => {
    expect(finalizarConsultaSchema.safeParse({ diagnostico: 'Faringitis\u202E' }).success).toBe(false);
    expect(finalizarConsultaSchema.safeParse({ diagnostico: 'Faringitis aguda.\nReposo.' }).success).toBe(true);
  });

  it('can be cleaned of them (a file name)', () => {
    expect(withoutHiddenCharacters(`a${HIDDEN.join('')}b`)).toBe('ab');
  });
});
