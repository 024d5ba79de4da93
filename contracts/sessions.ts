import { z } from 'zod';

/** One live session of the caller, as /mi-cuenta lists it. */
export const sesionSchema = z.object({
  id: z.string(),
  /** Browser and system, e.g. "Firefox · Linux"; null when the user agent says nothing useful. */
  dispositivo: z.string().nullable(),
  direccion: z.string().nullable(),
  creada_en: z.string(),
  ultimo_uso: z.string(),
  /** The last use on the clinic's calendar and clock (YYYY-MM-DD, HH:MM), as the screen shows it. */
  ultimo_uso_fecha: z.string(),
  ultimo_uso_hora: z.string(),
  /** The session this request came with. */
  actual: z.boolean(),
});
export type Sesion = z.infer<typeof sesionSchema>;

/** POST /api/auth/sesiones/cerrar-todas: the others only (default), or this one too. */
export const cerrarSesionesSchema = z.object({ incluir_actual: z.boolean().default(false) }).default({ incluir_actual: false });
export type CerrarSesiones = z.infer<typeof cerrarSesionesSchema>;

export const sesionesCerradasSchema = z.object({ cerradas: z.number().int() });
export type SesionesCerradas = z.infer<typeof sesionesCerradasSchema>;

/** A session id as it travels in a path: base64url, bounded. */
export const sesionIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'no_encontrado');
