import type { Language } from '../../../../contracts/messages/index.ts';
import { searchKnowledge } from '../knowledge-base.ts';
import type { Audience } from '../system-prompt.ts';
import { normalizeText } from '../text.ts';
import type { ChatProvider, ProviderRequest } from './provider.ts';

const SOURCE: Record<Language, (title: string) => string> = {
  es: (title) => `Fuente: «${title}», base de conocimiento de Galeno.`,
  ca: (title) => `Font: «${title}», base de coneixement de Galeno.`,
  en: (title) => `Source: «${title}», Galeno knowledge base.`,
};

const RELATED: Record<Language, (title: string) => string> = {
  es: (title) => `Quizá también te interese preguntar por «${title}».`,
  ca: (title) => `Potser també t’interessa preguntar per «${title}».`,
  en: (title) => `You may also want to ask about «${title}».`,
};

const NO_ANSWER: Record<Language, string> = {
  es: 'No tengo una respuesta para eso en mi base de conocimiento. Prueba a preguntarlo de otra forma, por ejemplo «¿Cómo pido una cita?» o «¿Qué hago si tengo fiebre?». Si es una duda sobre tu salud, lo mejor es pedir cita con tu médico.',
  ca: 'No tinc cap resposta per a això a la meva base de coneixement. Prova de preguntar-ho d’una altra manera, per exemple «Com demano cita?» o «Què faig si tinc febre?». Si és un dubte sobre la teva salut, el millor és demanar cita amb el teu metge.',
  en: 'I do not have an answer to that in my knowledge base. Try asking in another way, for example «How do I book an appointment?» or «What should I do if I have a fever?». If it is a question about your health, the best thing is to book a visit with your doctor.',
};

/** Entries about using the app, which read the same for everyone; the rest are health topics written for patients. */
const APP_ENTRIES = new Set([
  'pedir-cita',
  'cancelar-cita',
  'estado-cita',
  'recordatorios',
  'ficha-medica',
  'historial',
  'chat',
  'cuenta',
  'contrasena',
  'perfil',
  'idioma-tema',
  'privacidad',
  'contacto',
  'agenda-medico',
  'gestion-usuarios',
]);

/** A dose, a regimen or a prescription: what a professional asks a reference for. */
const DOSE_QUESTION =
  /\b(dosis|dosi|dose|doses|dosage|dosing|posologia|posology|pauta|pautas|mg|mcg|ml\/kg|mg\/kg|mg\/dia|ajuste renal|renal adjustment)\b/;

const PROFESSIONAL: Record<
  Language,
  { greeting: string; noAnswer: string; dose: string; forPatients: (title: string) => string }
> = {
  es: {
    greeting:
      'Hola. Como profesional de la clínica, puedes consultarme cómo usar Galeno (agenda, solicitudes, historias, cuentas) y temas de salud frecuentes. Sin un modelo de lenguaje conectado respondo desde la base de conocimiento de la clínica, que está escrita para pacientes: te la muestro como material para informarles. Para dosis, interacciones y pautas, consulta la ficha técnica (CIMA, AEMPS) y las guías de referencia.',
    noAnswer:
      'No tengo una respuesta para eso en la base de conocimiento sin conexión. Para dosis, interacciones y pautas, consulta la ficha técnica del medicamento en CIMA (AEMPS) y las guías clínicas de referencia; si el administrador conecta un modelo de lenguaje, podré responder como referencia clínica.',
    dose: 'Sin conexión no puedo darte dosis ni pautas: la base de conocimiento de la clínica solo tiene información general para pacientes. Consulta la ficha técnica del medicamento en CIMA (cima.aemps.es), que recoge la posología por indicación y los ajustes en insuficiencia renal o hepática, en niños y en mayores, y las guías clínicas de referencia.',
    forPatients: (title) =>
      `Esto es lo que la base de conocimiento explica a los pacientes sobre «${title}»; puedes usarlo para informarles:`,
  },
  ca: {
    greeting:
      'Hola. Com a professional de la clínica, em pots consultar com fer servir Galeno (agenda, sol·licituds, històries, comptes) i temes de salut freqüents. Sense un model de llenguatge connectat responc des de la base de coneixement de la clínica, que està escrita per a pacients: te la mostro com a material per informar-los. Per a dosis, interaccions i pautes, consulta la fitxa tècnica (CIMA, AEMPS) i les guies de referència.',
    noAnswer:
      'No tinc cap resposta per a això a la base de coneixement sense connexió. Per a dosis, interaccions i pautes, consulta la fitxa tècnica del medicament a CIMA (AEMPS) i les guies clíniques de referència; si l’administrador connecta un model de llenguatge, podré respondre com a referència clínica.',
    dose: 'Sense connexió no et puc donar dosis ni pautes: la base de coneixement de la clínica només té informació general per a pacients. Consulta la fitxa tècnica del medicament a CIMA (cima.aemps.es), que recull la posologia per indicació i els ajustos en insuficiència renal o hepàtica, en infants i en gent gran, i les guies clíniques de referència.',
    forPatients: (title) =>
      `Això és el que la base de coneixement explica als pacients sobre «${title}»; ho pots fer servir per informar-los:`,
  },
  en: {
    greeting:
      'Hello. As a professional of the clinic, you can ask me how to use Galeno (agenda, requests, records, accounts) and about common health topics. With no language model connected I answer from the clinic’s knowledge base, which is written for patients: I show it as material to inform them. For doses, interactions and regimens, see the summary of product characteristics (CIMA, AEMPS) and the reference guidelines.',
    noAnswer:
      'I do not have an answer to that in the offline knowledge base. For doses, interactions and regimens, see the medicine’s summary of product characteristics in CIMA (AEMPS) and the reference clinical guidelines; if the administrator connects a language model, I can answer as a clinical reference.',
    dose: 'Offline I cannot give doses or regimens: the clinic’s knowledge base only holds general information for patients. See the medicine’s summary of product characteristics in CIMA (cima.aemps.es), which gives the dosage per indication and the adjustments for renal or hepatic impairment, children and older people, and the reference clinical guidelines.',
    forPatients: (title) =>
      `This is what the knowledge base tells patients about «${title}»; you can use it to inform them:`,
  },
};

/** The offline assistant's answer for a doctor or an administrator: never "see your doctor". */
function professionalAnswer(question: string, language: Language): string {
  const words = PROFESSIONAL[language];
  if (DOSE_QUESTION.test(normalizeText(question))) return words.dose;
  const match = searchKnowledge(question, language);
  if (!match) return words.noAnswer;
  if (match.entry.id === 'asistente') return words.greeting;
  if (APP_ENTRIES.has(match.entry.id)) return [match.entry.text, SOURCE[language](match.entry.title)].join('\n\n');
  return [words.forPatients(match.entry.title), match.entry.text, SOURCE[language](match.entry.title)].join('\n\n');
}

/** The offline assistant's whole answer to the last question of a conversation. */
export function offlineAnswer(question: string, language: Language, audience: Audience = 'patient'): string {
  if (audience === 'professional') return professionalAnswer(question, language);
  const match = searchKnowledge(question, language);
  if (!match) return NO_ANSWER[language];
  const parts = [match.entry.text, SOURCE[language](match.entry.title)];
  if (match.related) parts.push(RELATED[language](match.related.title));
  return parts.join('\n\n');
}

/** Pieces of a few words, keeping the spacing and line breaks, as a model would stream them. */
function pieces(text: string): string[] {
  return text.match(/(?:\S+\s*){1,4}|\s+/g) ?? [text];
}

/**
 * The default assistant when no chat service is configured: answers from Galeno's knowledge base
 * in the user's language, citing the entry used, and says plainly when it has no answer. Nothing
 * leaves the server.
 */
export function createOfflineProvider(): ChatProvider {
  const question = (request: ProviderRequest) =>
    request.messages.findLast((message) => message.role === 'user')?.content ?? '';
  return {
    name: 'offline',
    external: false,
    async complete(request) {
      return offlineAnswer(question(request), request.language, request.audience);
    },
    async *stream(request) {
      for (const piece of pieces(offlineAnswer(question(request), request.language, request.audience))) {
        request.signal.throwIfAborted();
        yield piece;
        // Give the event loop a turn, so a stop from the client is seen between pieces.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
