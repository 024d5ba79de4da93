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

/** The details the server writes in Spanish that name a part of a record or a list ('habitos', 'proximas'). */
const DETAIL_CODES = new Set([
  'proximas',
  'pasadas',
  'canceladas',
  'estadisticas',
  'consultas del doctor',
  'alergias',
  'discapacidades',
  'enfermedades',
  'habitos',
  'vacunas',
  'ultima-consulta',
  'ficha completa',
]);

/**
 * An entry's detail in the app's language: the record parts, lists and counts the server stores in
 * Spanish are translated ('2 consultas' is '2 consultations'), and so is the kind of each record it
 * names by id ('cita 12' is 'visit 12'); anything else (a reason typed by someone) is shown as written.
 */
export function detailText(t: TFunction, detalle: string): string {
  if (DETAIL_CODES.has(detalle)) return t(`detail_${detalle.replace(/[ -]/g, '_')}`);
  const counted = /^(\d+) (visitas|consultas)$/.exec(detalle);
  if (counted) return t(`detail_count_${counted[2]}`, { count: Number(counted[1]) });
  return detalle.replace(/\b(cita|consulta|usuario|doctor|archivo) (\d+)/g, (_, kind: string, id: string) =>
    t(`detail_record_${kind}`, { id }),
  );
}
