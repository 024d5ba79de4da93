import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentences.ts';
import { ACCIONES_AUDITORIA } from './audit.ts';
import { LANGUAGES } from './messages/languages.ts';

const MADRID = 'Europe/Madrid';
// 09:15 UTC is 10:15 in Madrid in November.
const AT = '2026-11-24T09:15:00.000Z';
const doctora = { accion: 'historia.leer', creado_en: AT, quien: 'Laura García', rol: 'doctor', sexo: 'F' as const };

describe('audit entries as sentences', () => {
  it("tells a patient who opened their record, in their language, at the clinic's time", () => {
    expect(auditSentence(doctora, { language: 'es', timeZone: MADRID, reader: 'patient' })).toBe(
      'La Dra. Laura García consultó tu historia clínica el 24/11/2026 a las 10:15.',
    );
    expect(auditSentence({ ...doctora, sexo: 'M', quien: 'Pere Puig' }, { language: 'ca', timeZone: MADRID, reader: 'patient' })).toBe(
      'El Dr. Pere Puig va consultar la teva història clínica el 24/11/2026 a les 10:15.',
    );
    expect(auditSentence(doctora, { language: 'en', timeZone: MADRID, reader: 'patient' })).toBe('Dr Laura García opened your medical record on 24/11/2026 at 10:15.');
  });

  it("names the patient for the admin, the reader's own actions in the second person, and repeated readings once", () => {
    expect(auditSentence({ ...doctora, accion: 'ficha.alergias.crear', paciente: 'Ana López' }, { language: 'es', timeZone: MADRID, reader: 'admin' })).toBe(
      'La Dra. Laura García añadió una entrada de alergias de la ficha de Ana López el 24/11/2026 a las 10:15.',
    );
    const own = { accion: 'datos.exportar_pdf', creado_en: AT, quien: 'Ana López', rol: 'paciente', propio: true };
    expect(auditSentence(own, { language: 'es', timeZone: MADRID, reader: 'patient' })).toBe('Descargaste tus datos (PDF) el 24/11/2026 a las 10:15.');
    expect(auditSentence(own, { language: 'ca', timeZone: MADRID, reader: 'patient' })).toBe('Vas descarregar les teves dades (PDF) el 24/11/2026 a les 10:15.');
    expect(auditSentence(own, { language: 'en', timeZone: MADRID, reader: 'patient' })).toBe('You downloaded your data (PDF) on 24/11/2026 at 10:15.');
    expect(
      auditSentence({ ...doctora, accion: 'ficha.leer', sexo: null }, { language: 'es', timeZone: MADRID, reader: 'patient', repeated: { count: 3, until: '2026-11-24T09:35:00.000Z' } }),
    ).toBe('Laura García (doctor) consultó tu ficha médica el 24/11/2026 a las 10:15 (3 veces, hasta las 10:35).');
    expect(auditSentence({ ...doctora, quien: null, rol: 'admin', accion: 'usuario.rol' }, { language: 'es', timeZone: MADRID, reader: 'admin' })).toBe(
      'Una cuenta ya eliminada cambió el rol de la cuenta de un paciente el 24/11/2026 a las 10:15.',
    );
  });

  it("says 'sus datos' on the admin's screen when a patient acted on their own data", () => {
    const own = { accion: 'datos.exportar_json', creado_en: AT, quien: 'Ana López Ferrer', rol: 'paciente', paciente: 'Ana López Ferrer' };
    expect(auditSentence(own, { language: 'es', timeZone: MADRID, reader: 'admin' })).toBe('Ana López Ferrer descargó sus datos (JSON) el 24/11/2026 a las 10:15.');
    expect(auditSentence(own, { language: 'ca', timeZone: MADRID, reader: 'admin' })).toBe('Ana López Ferrer va descarregar les seves dades (JSON) el 24/11/2026 a les 10:15.');
    expect(auditSentence(own, { language: 'en', timeZone: MADRID, reader: 'admin' })).toBe('Ana López Ferrer downloaded their data (JSON) on 24/11/2026 at 10:15.');
  });

  it('has a sentence for every action in every language, with no internal code in it', () => {
    for (const accion of ACCIONES_AUDITORIA) {
      for (const language of LANGUAGES) {
        for (const reader of ['patient', 'admin'] as const) {
          const sentence = auditSentence({ ...doctora, accion, paciente: 'Ana López' }, { language, timeZone: MADRID, reader });
          expect(sentence, `${accion} in ${language}`).not.toContain(accion);
          expect(sentence).not.toMatch(/[{}]|undefined/);
          expect(sentence).toMatch(/^[A-ZÁÉÍÓÚ].+\.$/);
        }
      }
    }
  });
});
