import { describe, expect, it } from 'vitest';
import { detectRedFlags, emergencyGuidance, type RedFlag } from './red-flags.ts';

/** Phrasings people really write, in es, ca and en, with the flag each must raise. */
const EMERGENCIES: [string, RedFlag][] = [
  // chest pain
  ['Tengo un dolor muy fuerte en el pecho', 'dolor_pecho'],
  ['Me duele mucho el pecho y el brazo izquierdo', 'dolor_pecho'],
  ['siento una opresión en el pecho desde hace un rato', 'dolor_pecho'],
  ['Creo que me está dando un infarto', 'dolor_pecho'],
  ['Tinc un dolor fort al pit', 'dolor_pecho'],
  ['Em fa mal el pit quan respiro', 'dolor_pecho'],
  ['I have crushing chest pain', 'dolor_pecho'],
  ['There is a lot of pressure in my chest', 'dolor_pecho'],
  ['my dad is having a HEART ATTACK', 'dolor_pecho'],
  // breathing
  ['No puedo respirar bien', 'respiracion'],
  ['Mi hijo se está ahogando', 'respiracion'],
  ['Tengo mucha dificultad para respirar', 'respiracion'],
  ['No puc respirar', 'respiracion'],
  ["M'ofego, ajuda", 'respiracion'],
  ["I can't breathe", 'respiracion'],
  ['She is struggling to breathe and her lips are blue', 'respiracion'],
  // stroke
  ['Mi madre tiene la boca torcida y no puede mover el brazo', 'ictus'],
  ['Creo que mi abuelo está teniendo un ICTUS', 'ictus'],
  ['de repente habla arrastrada y rara', 'ictus'],
  ['El meu pare té la cara caiguda', 'ictus'],
  ['No pot moure la cama dreta', 'ictus'],
  ['His face is drooping and he has slurred speech', 'ictus'],
  ['I think I am having a stroke', 'ictus'],
  ['Es el peor dolor de cabeza de mi vida', 'ictus'],
  // severe bleeding
  ['Me he cortado y no para de sangrar', 'hemorragia'],
  ['está sangrando muchísimo por la pierna', 'hemorragia'],
  ['He vomitado sangre', 'hemorragia'],
  ['Tinc un sagnat abundant', 'hemorragia'],
  ['The wound is bleeding heavily', 'hemorragia'],
  ['I am coughing up blood', 'hemorragia'],
  // loss of consciousness
  ['Mi padre está inconsciente en el suelo', 'inconsciencia'],
  ['Ha perdido el conocimiento', 'inconsciencia'],
  ["La meva àvia s'ha desmaiat", 'inconsciencia'],
  ['My friend passed out and is unresponsive', 'inconsciencia'],
  ["He won't wake up", 'inconsciencia'],
  // anaphylaxis
  ['Se me está hinchando la lengua después de comer cacahuetes', 'anafilaxia'],
  ['Creo que es una reacción alérgica grave', 'anafilaxia'],
  ["Se m'infla la gola", 'anafilaxia'],
  ['My throat is swelling after a bee sting', 'anafilaxia'],
  ['anaphylaxis, where is the epipen', 'anafilaxia'],
  // suicidal thoughts
  ['Quiero morirme', 'suicidio'],
  ['He pensado en quitarme la vida', 'suicidio'],
  ['No quiero seguir viviendo... no quiero vivir', 'suicidio'],
  ['Tinc pensaments de suïcidi', 'suicidio'],
  ['Em vull matar', 'suicidio'],
  ['I want to kill myself', 'suicidio'],
  ["I don't want to live anymore", 'suicidio'],
  ["I've been thinking about hurting myself", 'suicidio'],
  // poisoning
  ['Mi hijo se ha bebido lejía', 'intoxicacion'],
  ['Se ha tomado una caja entera de pastillas', 'intoxicacion'],
  ['Creo que es una sobredosis', 'intoxicacion'],
  ['El nen ha begut lleixiu', 'intoxicacion'],
  ['My toddler swallowed bleach', 'intoxicacion'],
  ['I think she took too many pills', 'intoxicacion'],
  // seizures
  ['Está teniendo convulsiones', 'convulsiones'],
  ['Ha tenido una crisis epiléptica', 'convulsiones'],
  ['Té convulsions', 'convulsiones'],
  ['My son is having a seizure', 'convulsiones'],
  // severe injuries
  ['Se ha dado un golpe muy fuerte en la cabeza', 'traumatismo'],
  ['Hemos tenido un accidente de tráfico', 'traumatismo'],
  ['I fell and hit my head, now a bone is sticking out of my arm', 'traumatismo'],
];

/** Ordinary questions, some with alarming-looking words, that must reach the assistant. */
const ORDINARY: string[] = [
  '¿Cómo pido una cita?',
  '¿Cómo cancelo mi cita del jueves?',
  'Tengo dolor de cabeza desde ayer',
  'Tengo fiebre de 38, ¿qué hago?',
  'Me duele la espalda al agacharme',
  'Tengo tos y mocos',
  'Tengo la garganta inflamada',
  '¿Cuántas horas debo dormir?',
  '¿Qué vacunas necesito para viajar?',
  'Tengo alergia al polen',
  '¿Cómo puedo prevenir un infarto?',
  '¿Qué es un ictus?',
  'El médico no responde a mis mensajes',
  'Me di un golpe en la rodilla jugando al fútbol',
  'Me he tomado dos pastillas de ibuprofeno',
  'No puedo hablar con recepción por teléfono',
  'Com demano cita?',
  'Tinc mal de cap i febre',
  "Em fa mal l'esquena",
  'Prenc la pastilla un cop al dia, no tinc cap problema',
  'Quines vacunes necessito?',
  "Tinc al·lèrgia al pol·len",
  'Com puc dormir millor?',
  'How do I book an appointment?',
  'How do I reset my password?',
  'I have a cold and a runny nose',
  'My back hurts after the gym',
  'How can I keep fit?',
  'What is a healthy diet?',
  'What are the risk factors of a stroke?',
  'I took my pills this morning',
  'I hurt my knee playing football',
  'I am dying to see my test results',
  'The website is not responding',
  'I had mild food poisoning last week',
];

describe('red-flag detection', () => {
  it('has a table of at least 60 phrasings across es, ca and en', () => {
    expect(EMERGENCIES.length + ORDINARY.length).toBeGreaterThanOrEqual(60);
  });

  it.each(EMERGENCIES)('"%s" raises %s', (message, flag) => {
    expect(detectRedFlags(message)).toContain(flag);
  });

  it.each(ORDINARY)('"%s" raises nothing', (message) => {
    expect(detectRedFlags(message)).toEqual([]);
  });

  it('ignores accents and case', () => {
    expect(detectRedFlags('DOLOR EN EL PECHO')).toContain('dolor_pecho');
    expect(detectRedFlags('suicidio')).toEqual(detectRedFlags('SUÏCIDI'));
  });

  it('answers with 112 in the user language, and 024 for suicidal thoughts', () => {
    expect(emergencyGuidance(['dolor_pecho'], 'es')).toMatch(/112/);
    expect(emergencyGuidance(['ictus'], 'ca')).toMatch(/Truca ara al 112/);
    expect(emergencyGuidance(['respiracion'], 'en')).toMatch(/Call 112 now/);
    const suicide = emergencyGuidance(['suicidio'], 'es');
    expect(suicide).toMatch(/024/);
    expect(suicide).toMatch(/112/);
    // Pills already taken: 112 first, and the 024 line too.
    const both = emergencyGuidance(detectRedFlags('Me he tomado todas las pastillas porque quiero morirme'), 'es');
    expect(both.indexOf('112')).toBeLessThan(both.indexOf('024'));
  });
});
