import { describe, expect, it } from 'vitest';
import { finalizarConsultaSchema } from './consultations.ts';
import { idField, optionalText, requiredText, withoutHiddenCharacters } from './common.ts';
import { discapacidadInput } from './records.ts';
import { franjaSchema } from './weekly-hours.ts';

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

describe('whole numbers in a body', () => {
  const franja = (fields: Record<string, unknown>) =>
    franjaSchema.safeParse({ dia_semana: 1, hora_inicio: '09:00', hora_fin: '10:00', duracion_min: 15, ...fields });
  const discapacidad = (porcentaje: unknown) => discapacidadInput.safeParse({ tipo: 'Visual', porcentaje });

  it('takes a number or a string of digits, as a form sends it', () => {
    expect(franja({ dia_semana: '3', duracion_min: ' 30 ' }).data).toMatchObject({ dia_semana: 3, duracion_min: 30 });
    expect(discapacidad('45').data?.porcentaje).toBe(45);
    expect(discapacidad(45).data?.porcentaje).toBe(45);
    expect(idField().safeParse('7').data).toBe(7);
  });

  it('refuses what coercion would have read as a number the caller did not write', () => {
    for (const value of [[3], true, null, '0x03', '3.0', '', ' ', '1e0']) {
      expect(franja({ dia_semana: value }).success, JSON.stringify(value)).toBe(false);
    }
    for (const value of [[15], true, '0x0f', '15.0', '']) {
      expect(franja({ duracion_min: value }).success, JSON.stringify(value)).toBe(false);
    }
    for (const value of [[45], true, '0x2d', 'cuarenta']) {
      expect(discapacidad(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('leaves an optional percentage unset when it is empty or null', () => {
    expect(discapacidad('').data?.porcentaje).toBeUndefined();
    expect(discapacidad(null).data?.porcentaje).toBeUndefined();
  });
});
