import { z } from 'zod';
import { idParam } from './common.ts';

import { TIPOS_ARCHIVO } from './file-limits.ts';

export { ACCEPT_ARCHIVO, MAX_ARCHIVO_BYTES, TIPOS_ARCHIVO, type TipoArchivo } from './file-limits.ts';

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

/** Which patient a doctor's upload or list is for (a patient's own, at /paciente/archivos, is implied). */
export const archivosQuerySchema = z.object({
  id_paciente: idParam,
});
