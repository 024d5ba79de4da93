import type { Language } from '../../../../contracts/messages/index.ts';
import { searchKnowledge } from '../knowledge-base.ts';
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

/** The offline assistant's whole answer to the last question of a conversation. */
export function offlineAnswer(question: string, language: Language): string {
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
      return offlineAnswer(question(request), request.language);
    },
    async *stream(request) {
      for (const piece of pieces(offlineAnswer(question(request), request.language))) {
        request.signal.throwIfAborted();
        yield piece;
        // Give the event loop a turn, so a stop from the client is seen between pieces.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
