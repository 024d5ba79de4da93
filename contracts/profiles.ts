import { z } from 'zod';

/** estado_actividad and a profile's estado. */
export const ESTADOS_ACTIVIDAD = ['Activo', 'Inactivo'] as const;

/** The personal part of a profile (spec section 3: the patient's and the doctor's share it). */
export const usuarioFichaSchema = z.object({
  nombre: z.string(),
  apellido1: z.string(),
  apellido2: z.string().nullable(),
  correo: z.string(),
  dni: z.string().nullable(),
  nacimiento: z.string().nullable(),
  sexo: z.enum(['M', 'F']).nullable(),
  telefono: z.string().nullable(),
  direccion: z.object({
    direccion: z.string().nullable(),
    codigo_postal: z.string().nullable(),
    localidad: z.string().nullable(),
    provincia: z.string().nullable(),
    pais: z.string().nullable(),
  }),
});
export type UsuarioFicha = z.infer<typeof usuarioFichaSchema>;
