import { z } from 'zod';

/** /api/enlaces/{token}: a reminder's one-tap link. */
export const enlaceParams = z.object({ token: z.string().max(200) });

/** What a link will do, shown before the patient taps the button (GET). */
export const enlaceInfo = z.object({
  accion: z.enum(['confirmar', 'cancelar', 'cambiar']),
  fecha: z.string(),
  hora: z.string(),
  doctor: z.string(),
  /** The patient already said, from another link, that they will come. */
  confirmada_paciente: z.boolean(),
});
export type EnlaceInfo = z.infer<typeof enlaceInfo>;

/** What a link did (POST). */
export const enlaceResultado = z.object({
  accion: z.enum(['confirmar', 'cancelar']),
  id_cita: z.number(),
  estado: z.string(),
});
export type EnlaceResultado = z.infer<typeof enlaceResultado>;
