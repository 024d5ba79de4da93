import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../contracts/messages/index.ts';
import { renderEveryDocument } from '../testing/documents.ts';
import { pdfText } from '../testing/patients.ts';
import { textsFor } from './texts.ts';

describe('the texts of e-mails, PDFs and calendar files (server/locales)', () => {
  it.each(LANGUAGES)('renders every e-mail, PDF and calendar text in %s with no text or value missing', async (language) => {
    // A key or a {{value}} missing throws, so rendering at all is the first half of the check.
    const documents = await renderEveryDocument(language);
    expect(documents.length).toBeGreaterThan(15);
    for (const document of documents) {
      const text = document.pdf ? pdfText(document.pdf) : document.text;
      expect(text, document.name).not.toBe('');
      expect(text, document.name).not.toMatch(/\{\{|\}\}/);
      // No key printed instead of its text (keys are snake_case words joined by '_').
      expect(text, document.name).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    }
  });

  it('writes each language in its own words', async () => {
    const subjects = new Map<Language, string>();
    for (const language of LANGUAGES) {
      const [reminder] = await renderEveryDocument(language);
      subjects.set(language, reminder?.text.split('\n')[0] ?? '');
    }
    // The long date comes from Intl (its wording follows the ICU data), the rest from the locale files.
    expect(subjects.get('es')).toMatch(/^Recordatorio de tu cita: lunes, 9 de marzo .* a las 09:30$/);
    expect(subjects.get('ca')).toMatch(/^Recordatori de la teva cita: dilluns, 9 de març .* a les 09:30$/);
    expect(subjects.get('en')).toMatch(/^Reminder of your appointment: Monday,? 9 March 2026 at 09:30$/);
  });

  it('picks the plural form of each language by count, the other form when a language has no own one', () => {
    const spanish = textsFor('appointment-mail', 'es');
    expect(spanish('grouped_subject', { count: 1 })).toBe('1 solicitud de cita nueva');
    expect(spanish('grouped_subject', { count: 2 })).toBe('2 solicitudes de cita nuevas');
    expect(spanish('grouped_subject', { count: 1_000_000 })).toBe('1000000 solicitudes de cita nuevas');
    const english = textsFor('appointment-mail', 'en');
    expect(english('grouped_intro', { count: 1 })).toBe('You have 1 new appointment request:');
    expect(english('grouped_intro', { count: 3 })).toBe('You have 3 new appointment requests:');
  });

  it('fills a value in once: what a person typed is never read as a placeholder', () => {
    const t = textsFor('account-mail', 'es');
    expect(t('greeting', { name: '{{name}} {{count}}' })).toBe('Hola, {{name}} {{count}}:');
  });

  it('throws on a key or a value that is missing, and answers undefined for a code with no text', () => {
    const t = textsFor('data-export-pdf', 'ca');
    expect(() => t('page', { page: 1 })).toThrow('needs a value for {{pages}}');
    expect(() => (t as (key: string) => string)('no_such_key')).toThrow('There is no text ca/data-export-pdf:no_such_key');
    expect(t.optional('appointment_state_Cancelada')).toBe('Cancel·lada');
    expect(t.optional('appointment_state_archivada')).toBeUndefined();
  });

  it('answers in Spanish for a language Galeno does not have', () => {
    expect(textsFor('account-mail', 'fr' as Language)('reset_subject')).toBe('Restablece tu contraseña de Galeno');
  });
});
