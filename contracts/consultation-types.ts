import type { Language } from './messages/languages.ts';

/** The consultation's states and types (spec sections 4 and 9), shared by every contract that names them. */
export const ESTADOS_CONSULTA = ['pendiente', 'confirmada', 'finalizada'] as const;
export const TIPOS_CONSULTA = ['Consulta', 'Revisión', 'Urgencia'] as const;
export type EstadoConsulta = (typeof ESTADOS_CONSULTA)[number];
export type TipoConsulta = (typeof TIPOS_CONSULTA)[number];

/**
 * How each consultation type reads in each language (the stored value is the Spanish one). Here, not
 * in history.ts, so the web's formatters can name a type without loading zod with the schemas.
 */
export const TIPO_LABELS: Record<Language, Record<TipoConsulta, string>> = {
  es: { Consulta: 'Consulta', Revisión: 'Revisión', Urgencia: 'Urgencia' },
  ca: { Consulta: 'Consulta', Revisión: 'Revisió', Urgencia: 'Urgència' },
  en: { Consulta: 'Consultation', Revisión: 'Check-up', Urgencia: 'Emergency' },
};
