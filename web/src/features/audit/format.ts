import type { TFunction } from 'i18next';
import { clinicTimeZone } from '../../lib/clinic-clock.ts';
import { dateTimeFormat } from '../../lib/intl-cache.ts';

/** A readable name for an audit action code ('ficha.leer'), falling back to the code itself. */
export function actionLabel(t: TFunction, accion: string): string {
  return t(`action_${accion.replace(/\./g, '_')}`, { defaultValue: accion });
}

export function formatInstant(iso: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: clinicTimeZone() }).format(new Date(iso));
}
