import type { Language } from '../../../../contracts/messages/index.ts';
import { textsFor } from '../../../lib/texts.ts';
import { searchKnowledge } from '../knowledge-base.ts';
import type { Audience } from '../system-prompt.ts';
import { normalizeText } from '../text.ts';
import type { ChatProvider, ProviderRequest } from './provider.ts';

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

/** The offline assistant's answer for a doctor or an administrator: never "see your doctor". */
function professionalAnswer(question: string, language: Language): string {
  const t = textsFor('assistant', language);
  if (DOSE_QUESTION.test(normalizeText(question))) return t('professional_dose');
  const match = searchKnowledge(question, language);
  if (!match) return t('professional_no_answer');
  if (match.entry.id === 'asistente') return t('professional_greeting');
  const source = t('source', { title: match.entry.title });
  if (APP_ENTRIES.has(match.entry.id)) return [match.entry.text, source].join('\n\n');
  return [t('professional_for_patients', { title: match.entry.title }), match.entry.text, source].join('\n\n');
}

/** The offline assistant's whole answer to the last question of a conversation. */
export function offlineAnswer(question: string, language: Language, audience: Audience = 'patient'): string {
  if (audience === 'professional') return professionalAnswer(question, language);
  const t = textsFor('assistant', language);
  const match = searchKnowledge(question, language);
  if (!match) return t('no_answer');
  const parts = [match.entry.text, t('source', { title: match.entry.title })];
  if (match.related) parts.push(t('related', { title: match.related.title }));
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
