import { describe, expect, it } from 'vitest';
import type { Language } from '../../../contracts/messages/index.ts';
import { Bm25Index, tokenize } from './bm25.ts';
import { knowledgeEntries, searchKnowledge } from './knowledge-base.ts';

/** Typical questions and the entry that must come first. */
const QUESTIONS: [Language, string, string][] = [
  ['es', '¿Cómo pido una cita?', 'pedir-cita'],
  ['es', 'Quiero reservar hora con el médico', 'pedir-cita'],
  ['es', '¿Cómo cancelo mi cita?', 'cancelar-cita'],
  ['es', '¿Por qué mi cita está pendiente?', 'estado-cita'],
  ['es', 'recordatorio de la cita', 'recordatorios'],
  ['es', '¿Dónde veo mi historial?', 'historial'],
  ['es', 'olvidé mi contraseña', 'contrasena'],
  ['es', 'cómo cambio el nombre de una conversación', 'chat'],
  ['es', 'hola', 'asistente'],
  ['es', 'tengo fiebre', 'fiebre'],
  ['es', 'me duele la cabeza', 'dolor-cabeza'],
  ['es', 'Me duele la espalda', 'dolor-espalda'],
  ['es', '¿Qué es la hipertensión?', 'hipertension'],
  ['es', 'alergia al polen', 'alergias'],
  ['es', '¿qué vacunas necesito?', 'vacunas'],
  ['es', 'no puedo dormir', 'sueno'],
  ['ca', 'Com demano cita?', 'pedir-cita'],
  ['ca', 'com anul·lo una cita', 'cancelar-cita'],
  ['ca', 'He oblidat la contrasenya', 'contrasena'],
  ['ca', 'Tinc febre', 'fiebre'],
  ['ca', 'Em fa mal el cap', 'dolor-cabeza'],
  ['ca', 'Quines vacunes necessito?', 'vacunas'],
  ['ca', 'Tinc al·lèrgia al pol·len', 'alergias'],
  ['ca', 'Com puc deixar de fumar?', 'tabaco'],
  ['en', 'How do I book an appointment?', 'pedir-cita'],
  ['en', 'How do I cancel my appointment?', 'cancelar-cita'],
  ['en', 'I forgot my password', 'contrasena'],
  ['en', 'I have a fever', 'fiebre'],
  ['en', 'headache', 'dolor-cabeza'],
  ['en', 'What vaccines do I need?', 'vacunas'],
  ['en', 'how to sleep better', 'sueno'],
  ['en', 'high blood pressure', 'hipertension'],
  ['en', 'I have diarrhoea and I feel sick', 'gastroenteritis'],
];

/** Questions the knowledge base has no answer for. */
const UNANSWERED: [Language, string][] = [
  ['es', '¿Cuál es la capital de Francia?'],
  ['es', '¿Quién ganó el partido de fútbol?'],
  ['es', '¿Qué tiempo hará mañana?'],
  ['ca', 'Qui va guanyar el partit?'],
  ['ca', 'Quina és la capital de França?'],
  ['en', 'What is the capital of France?'],
  ['en', 'Tell me a joke'],
  ['en', 'what is the weather tomorrow'],
];

describe('knowledge base', () => {
  it('has the same entries, at least 25, in es, ca and en', () => {
    const ids = (language: Language) => knowledgeEntries(language).map((entry) => entry.id);
    expect(ids('es').length).toBeGreaterThanOrEqual(25);
    expect(ids('ca')).toEqual(ids('es'));
    expect(ids('en')).toEqual(ids('es'));
    expect(new Set(ids('es')).size).toBe(ids('es').length);
  });

  it('words its health entries safely: general information, a visit, no doses', () => {
    const visit: Record<Language, RegExp> = { es: /pide cita/i, ca: /demana cita/i, en: /book a visit/i };
    for (const language of ['es', 'ca', 'en'] as const) {
      for (const entry of knowledgeEntries(language)) {
        expect(entry.text, `${language}/${entry.id}`).not.toMatch(/\d+\s?mg\b/i);
        if (/^(Información general|Informació general|General information)/.test(entry.text)) {
          expect(entry.text, `${language}/${entry.id}`).toMatch(visit[language]);
        }
      }
    }
  });

  it.each(QUESTIONS)('[%s] "%s" finds %s first', (language, question, id) => {
    expect(searchKnowledge(question, language)?.entry.id).toBe(id);
  });

  it.each(UNANSWERED)('[%s] "%s" has no answer', (language, question) => {
    expect(searchKnowledge(question, language)).toBeUndefined();
  });

  it('ignores accents and case', () => {
    for (const [language, a, b] of [
      ['es', '¿QUÉ ES LA HIPERTENSIÓN?', 'que es la hipertension'],
      ['ca', 'AL·LÈRGIA', 'allergia'],
      ['en', 'HEADACHE', 'headache'],
    ] as const) {
      const first = searchKnowledge(a, language);
      expect(first).toBeDefined();
      expect(searchKnowledge(b, language)?.entry.id).toBe(first?.entry.id);
      expect(searchKnowledge(b, language)?.score).toBeCloseTo(first?.score ?? 0);
    }
  });

  it('stems plurals, genders and infinitives so forms of a word meet', () => {
    expect(tokenize('vacunas vacuna', 'es')).toEqual(['vacun', 'vacun']);
    expect(tokenize('cancelar cancelo', 'es')).toEqual(['cancel', 'cancel']);
    expect(tokenize('demanar demano', 'ca')).toEqual(['deman', 'deman']);
    expect(tokenize('allergies allergy', 'en')).toEqual(['allerg', 'allerg']);
    expect(tokenize('de la el y que', 'es')).toEqual([]);
  });

  it('ranks with BM25: a rarer term and more occurrences score higher', () => {
    const docs = [
      { id: 'a', text: 'gripe gripe gripe fiebre' },
      { id: 'b', text: 'gripe fiebre tos' },
      { id: 'c', text: 'tos tos' },
    ];
    const index = new Bm25Index(docs, (doc) => [{ text: doc.text, weight: 1 }], 'es');
    expect(index.search('gripe').map((hit) => hit.document.id)).toEqual(['a', 'b']);
    expect(index.search('tos').map((hit) => hit.document.id)).toEqual(['c', 'b']);
    expect(index.search('vacuna')).toEqual([]);
  });
});
