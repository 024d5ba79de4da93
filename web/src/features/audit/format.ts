import type { TFunction } from 'i18next';
import {
  auditSentence,
  type AuditSentenceEntry,
  type AuditSentenceOptions,
} from '../../../../contracts/audit-sentences.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../../contracts/messages/languages.ts';

/** A readable name for an audit action code ('ficha.leer'), falling back to the code itself (the action filter). */
export function actionLabel(t: TFunction, accion: string): string {
  return t(`action_${accion.replace(/\./g, '_')}`, { defaultValue: accion });
}

/** An entry as a sentence in the app's language, at the clinic's time ('La Dra. … consultó tu historia clínica el …'). */
export function sentenceOf(
  entry: AuditSentenceEntry,
  language: string,
  timeZone: string,
  reader: AuditSentenceOptions['reader'],
): string {
  return auditSentence(entry, { language: isLanguage(language) ? language : DEFAULT_LANGUAGE, timeZone, reader });
}
