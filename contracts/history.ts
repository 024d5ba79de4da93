import { z } from 'zod';
import { dateField, normalizeForSearch, pagingQuery } from './common.ts';
import { TIPO_LABELS, TIPOS_CONSULTA, type TipoConsulta } from './consultation-types.ts';
import { LANGUAGES } from './messages/index.ts';
import { tipoDeCita } from './visit-types.ts';

export { TIPO_LABELS, TIPOS_CONSULTA };
export type TipoConsultaHistorial = TipoConsulta;


/**
 * The history filters of the spec (section 5): the type by case-insensitive substring of its name
 * in any of the languages (accents optional: 'revision' and 'check' find Revisión), the date by
 * substring ('2026-03' is a month).
 */
export const historyFiltersSchema = z.object({
  tipo: z.string().trim().max(30, 'texto_largo').optional(),
  fecha: z
    .string()
    .trim()
    .max(10, 'fecha_filtro_invalida')
    .regex(/^[\d-]*$/, 'fecha_filtro_invalida')
    .optional(),
  /** A date range (the web's filter): from and to, both days included, either may be left open. */
  desde: dateField.optional(),
  hasta: dateField.optional(),
});
export type HistorialFilters = z.infer<typeof historyFiltersSchema>;

export const historialQuerySchema = historyFiltersSchema.extend(pagingQuery.omit({ buscar: true }).shape);
export type HistorialQuery = z.infer<typeof historialQuerySchema>;

/** The types a type filter selects. */
export function tiposMatching(filter: string | undefined): TipoConsultaHistorial[] {
  const wanted = normalizeForSearch(filter ?? '');
  return TIPOS_CONSULTA.filter((tipo) =>
    LANGUAGES.some((language) => normalizeForSearch(TIPO_LABELS[language][tipo]).includes(wanted)),
  );
}

/**
 * A history record: the spec's fecha, hora, doctor, consulta (the type) and descripcion, plus the
 * patient (for a doctor's list), the reason and the state.
 */
export const historialItemSchema = z.object({
  id_consulta: z.number(),
  fecha: z.string(),
  hora: z.string(),
  consulta: z.enum(TIPOS_CONSULTA),
  descripcion: z.string().nullable(),
  doctor: z.string(),
  paciente: z.string(),
  motivo: z.string(),
  estado: z.enum(['pendiente', 'confirmada', 'finalizada']),
  /** The clinic's own visit type the visit was booked as; null when it is one of the spec's three (then `consulta` names it). */
  tipo_visita: tipoDeCita.nullable().optional(),
});
export type HistorialItem = z.infer<typeof historialItemSchema>;

/** The stats cards of /historial, over the same filters. */
export const historialEstadisticasSchema = z.object({
  total: z.number(),
  ultima_consulta: z.string().nullable(),
  tipo_mas_frecuente: z.enum(TIPOS_CONSULTA).nullable(),
});
export type HistorialEstadisticas = z.infer<typeof historialEstadisticasSchema>;
