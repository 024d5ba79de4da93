import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { auditSentence, type AuditSentenceOptions } from '../../contracts/audit-sentences.ts';
import { ACCIONES_AUDITORIA } from '../../contracts/audit.ts';
import { LANGUAGES } from '../../contracts/messages/languages.ts';
import { serverI18n } from './index.ts';

const AT = '2026-11-24T09:15:00.000Z';
const MADRID = 'Europe/Madrid';

describe("the server's i18next instance", () => {
  it('is ready when imported, with every namespace of every language and no backend', () => {
    expect(serverI18n.isInitialized).toBe(true);
    for (const language of LANGUAGES) {
      for (const namespace of ['account-mail', 'appointment-mail', 'assistant', 'calendar', 'audit-sentences'])
        expect(serverI18n.hasResourceBundle(language, namespace), `${language}/${namespace}`).toBe(true);
    }
  });

  it("tells the audit log with the same words as an instance set up as the web's", async () => {
    const web = createInstance();
    await web.init({ lng: 'es', fallbackLng: 'es', resources: {}, interpolation: { escapeValue: false } });
    for (const accion of [...ACCIONES_AUDITORIA, 'accion.retirada']) {
      for (const language of LANGUAGES) {
        for (const reader of ['patient', 'admin'] as const) {
          const entry = { accion, creado_en: AT, quien: 'Ana López', rol: 'paciente', paciente: 'Ana López' };
          const options: AuditSentenceOptions = { language, timeZone: MADRID, reader, repeated: { count: 2, until: AT } };
          const server = auditSentence(entry, { ...options, i18n: serverI18n });
          expect(auditSentence(entry, { ...options, i18n: web }), `${accion} ${language} ${reader}`).toBe(server);
          expect(auditSentence(entry, options)).toBe(server);
        }
      }
    }
  });

  it('prints a name that looks like a placeholder or a nesting as it was typed', () => {
    const quien = '{{patient}} $t(who_someone) {{- who}}';
    const sentence = auditSentence(
      { accion: 'historia.leer', creado_en: AT, quien, rol: 'doctor', sexo: 'F', paciente: '{{date}}' },
      { language: 'es', timeZone: MADRID, reader: 'admin', i18n: serverI18n },
    );
    expect(sentence).toBe(
      'La Dra. {{patient}} $t(who_someone) {{- who}} consultó la historia clínica de {{date}} el 24/11/2026 a las 10:15.',
    );
  });
});
