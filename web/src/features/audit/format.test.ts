import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import ca from '../../locales/ca/audit.json' with { type: 'json' };
import en from '../../locales/en/audit.json' with { type: 'json' };
import es from '../../locales/es/audit.json' with { type: 'json' };
import { detailText } from './format.ts';

async function translator(lng: 'es' | 'ca' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { es: { audit: es }, ca: { audit: ca }, en: { audit: en } }, defaultNS: 'audit' });
  return i18n.t;
}

describe("an audit entry's detail on the admin's screen", () => {
  it('translates the record parts, lists and counts the server stores in Spanish, with plurals', async () => {
    const english = await translator('en');
    expect(detailText(english, 'habitos')).toBe('habits');
    expect(detailText(english, 'ultima-consulta')).toBe('last consultation');
    expect(detailText(english, 'consultas del doctor')).toBe('consultations with the doctor');
    expect(detailText(english, '1 visitas')).toBe('1 visit');
    expect(detailText(english, '2 consultas')).toBe('2 consultations');
    const spanish = await translator('es');
    expect(detailText(spanish, '1 visitas')).toBe('1 visita');
    expect(detailText(spanish, 'proximas')).toBe('próximas');
    const catalan = await translator('ca');
    expect(detailText(catalan, '3 visitas')).toBe('3 visites');
    expect(detailText(catalan, 'vacunas')).toBe('vacunes');
  });

  it('names the kind of each record it points to in the language, and keeps any other text as written', async () => {
    const english = await translator('en');
    expect(detailText(english, 'consulta 12, cita 5')).toBe('consultation 12, visit 5');
    expect(detailText(english, 'usuario 7 (doctor)')).toBe('user 7 (doctor)');
    expect(detailText(english, 'Urgencia vital en planta')).toBe('Urgencia vital en planta');
  });
});
