import { z } from 'zod';
import { idParam } from './common.ts';

/** Attachments: at most 10 MB each, and only these kinds, recognised by their content. */
export const MAX_ARCHIVO_BYTES = 10 * 1024 * 1024;
export const TIPOS_ARCHIVO = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TipoArchivo = (typeof TIPOS_ARCHIVO)[number];
/** For the file picker's accept attribute; the server decides by the bytes, not by this. */
export const ACCEPT_ARCHIVO = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** An attachment as listed (spec: nombre, tipo, fecha_subida, url). `url` needs the bearer token. */
export const archivoSchema = z.object({
  id_archivo: z.number(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_ARCHIVO),
  tamano: z.number(),
  fecha_subida: z.string(),
  url: z.string(),
});
export type Archivo = z.infer<typeof archivoSchema>;

/** Which patient an upload or a list is for: a doctor names one; a patient's own is implied. */
export const archivosQuerySchema = z.object({
  id_paciente: idParam.optional(),
});
