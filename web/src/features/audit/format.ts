import type { i18n as I18n, TFunction } from 'i18next';
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

/**
 * An entry as a sentence in the app's language, at the clinic's time ('La Dra. … consultó tu
 * historia clínica el …'): the server's formatter and texts, translated by the app's i18next.
 */
export function sentenceOf(
  entry: AuditSentenceEntry,
  i18n: I18n,
  timeZone: string,
  reader: AuditSentenceOptions['reader'],
): string {
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return auditSentence(entry, { language, timeZone, reader, i18n });
}

/** The details the server writes in Spanish that name a part of a record or a list ('habitos', 'proximas'). */
const DETAIL_CODES: Record<string, string> = {
  proximas: 'proximas',
  pasadas: 'pasadas',
  canceladas: 'canceladas',
  estadisticas: 'estadisticas',
  'consultas del doctor': 'consultas_del_doctor',
  alergias: 'alergias',
  discapacidades: 'discapacidades',
  enfermedades: 'enfermedades',
  habitos: 'habitos',
  vacunas: 'vacunas',
  'ultima-consulta': 'ultima_consulta',
  'ficha completa': 'ficha_completa',
  'historia completa': 'historia_completa',
  ausencia: 'ausencia',
  sesiones: 'sesiones',
  'Resumen de alergias y enfermedades activas enviado al servicio de chat externo': 'resumen_chat',
};
/** What someone typed, stored as the detail as written: shown as written. */
const TYPED_DETAIL = new Set(['acceso_urgente.declarar']);
const URGENT_SUFFIX = '(acceso urgente)';

/** One structured part: a code, a count ('2 consultas'), or records named by kind and id ('cita 12'). */
function partText(t: TFunction, part: string): string {
  const code = DETAIL_CODES[part];
  if (code) return t(`detail_${code}`);
  const counted = /^(\d+) (visitas|consultas)$/.exec(part);
  if (counted) return t(`detail_count_${counted[2]}`, { count: Number(counted[1]) });
  return part.replace(/\b(cita|consulta|usuario|doctor|archivo) (\d+)\b/g, (_, kind: string, id: string) =>
    t(`detail_record_${kind}`, { id }),
  );
}

/**
 * An entry's detail in the app's language. The server writes its details in Spanish from a few
 * shapes: a code, a count, records by kind and id, then after ': ' a value or a reason someone typed,
 * and ' (acceso urgente)' at the end of a read under a stated reason. The structured parts are
 * translated; a typed reason (after ': ', or the whole detail of a stated reason) is shown as written.
 */
export function detailText(t: TFunction, entry: { accion: string; detalle: string }): string {
  if (TYPED_DETAIL.has(entry.accion)) return entry.detalle;
  let detail = entry.detalle;
  let urgent = '';
  if (detail.endsWith(URGENT_SUFFIX)) {
    detail = detail.slice(0, -URGENT_SUFFIX.length).trimEnd();
    urgent = t('detail_urgent');
  }
  const colon = detail.indexOf(': ');
  const head = colon < 0 ? detail : detail.slice(0, colon);
  const tail = colon < 0 ? '' : detail.slice(colon + 2);
  const text = [head && partText(t, head), tail && (DETAIL_CODES[tail] ? partText(t, tail) : tail)]
    .filter(Boolean)
    .join(': ');
  return [text, urgent].filter(Boolean).join(' ');
}
