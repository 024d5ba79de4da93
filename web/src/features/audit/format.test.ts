import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import ca from '../../locales/ca/audit.json' with { type: 'json' };
import en from '../../locales/en/audit.json' with { type: 'json' };
import es from '../../locales/es/audit.json' with { type: 'json' };
import { detailText, sentenceOf } from './format.ts';

async function translator(lng: 'es' | 'ca' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { es: { audit: es }, ca: { audit: ca }, en: { audit: en } }, defaultNS: 'audit' });
  return (detalle: string, accion = 'ficha.leer') => detailText(i18n.t, { accion, detalle });
}

describe("an audit entry's detail on the admin's screen", () => {
  it('translates the record parts, lists and counts the server stores in Spanish, with plurals', async () => {
    const english = await translator('en');
    expect(english('habitos')).toBe('habits');
    expect(english('ultima-consulta')).toBe('last consultation');
    expect(english('historia completa', 'historia.leer')).toBe('full record');
    expect(english('consultas del doctor')).toBe('consultations with the doctor');
    expect(english('1 visitas')).toBe('1 visit');
    expect(english('2 consultas')).toBe('2 consultations');
    const spanish = await translator('es');
    expect(spanish('1 visitas')).toBe('1 visita');
    expect(spanish('proximas')).toBe('próximas');
    const catalan = await translator('ca');
    expect(catalan('3 visitas')).toBe('3 visites');
    expect(catalan('proximas')).toBe('properes');
  });

  it('names the records it points to, and the urgent access, in the language', async () => {
    const english = await translator('en');
    expect(english('consulta 12, cita 5')).toBe('consultation 12, visit 5');
    expect(english('usuario 7 (doctor)')).toBe('user 7 (doctor)');
    expect(english('habitos (acceso urgente)', 'ficha.leer')).toBe('habits (urgent access)');
    expect(english('archivo 4 (acceso urgente)', 'archivo.descargar')).toBe('file 4 (urgent access)');
    expect(english('(acceso urgente)', 'archivo.listar')).toBe('(urgent access)');
    expect(english('cita 9: ausencia', 'cita.cancelar')).toBe('visit 9: absence');
  });

  it('shows what someone typed as written, however it reads', async () => {
    const english = await translator('en');
    expect(english('Urgencia: la consulta 3 de ayer', 'acceso_urgente.declarar')).toBe(
      'Urgencia: la consulta 3 de ayer',
    );
    // A reason after the structured part is left alone too.
    expect(english('cita 9: el doctor 2 está de baja', 'cita.cancelar')).toBe('visit 9: el doctor 2 está de baja');
  });
});

describe("an audit entry's sentence on the web", () => {
  it("reads the server's sentences with the app's i18next, in the app's language", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'ca', fallbackLng: 'es', resources: { ca: { audit: ca } }, interpolation: { escapeValue: false } });
    const entry = { accion: 'historia.leer', creado_en: '2026-11-24T09:15:00.000Z', quien: 'Pere Puig', rol: 'doctor', sexo: 'M' as const };
    expect(sentenceOf(entry, i18n, 'Europe/Madrid', 'patient')).toBe(
      'El Dr. Pere Puig va consultar la teva història clínica el 24/11/2026 a les 10:15.',
    );
    await i18n.changeLanguage('en');
    expect(sentenceOf({ ...entry, paciente: 'Ana López' }, i18n, 'Europe/Madrid', 'admin')).toBe(
      'Dr Pere Puig opened Ana López’s medical record on 24/11/2026 at 10:15.',
    );
  });
});
