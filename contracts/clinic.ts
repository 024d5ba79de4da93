import { z } from 'zod';

/** The clinic's own details, shown on documents it issues (the history PDF) and on the contact page. */
export const CLINICA = {
  nombre: 'Galeno Centro Médico',
  direccion: 'Carrer de Provença 286',
  codigo_postal: '08008',
  localidad: 'Barcelona',
  telefono: '+34 932 000 000',
  correo: 'contacto@galeno.local',
  web: 'galeno.local',
} as const;

/** GET /api/reloj: the clinic's clock, so screens count days in the clinic's time zone (decisions #11). */
export const relojSchema = z.object({
  zona_horaria: z.string(),
  /** Today in the clinic (YYYY-MM-DD) and the time there (HH:MM). */
  fecha: z.string(),
  hora: z.string(),
  ahora: z.string(),
});
export type Reloj = z.infer<typeof relojSchema>;
