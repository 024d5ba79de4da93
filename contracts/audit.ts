import { z } from 'zod';
import { dateField, pagingQuery } from './common.ts';
import { NOMBRES_SECCION, type Seccion } from './records.ts';

/**
 * Every action the server writes to the audit log, as a stable dotted name. The audit screens show
 * each with the label `action_<name with _ for .>` of the audit namespace (checked in es, ca, en).
 */
export const ACCIONES_FIJAS = [
  'acceso_urgente.declarar',
  'archivo.descargar',
  'archivo.eliminar',
  'archivo.listar',
  'archivo.subir',
  'chat.contexto_compartido',
  'calendario.crear',
  'calendario.revocar',
  'cita.cambiar',
  'cita.cancelar',
  'cita.cancelar_baja_doctor',
  'cita.cancelar_baja_paciente',
  'cita.confirmar',
  'cita.crear',
  'cita.disputa_no_presentado',
  'cita.llamar',
  'cita.llegada',
  'cita.llegada_deshacer',
  'cita.no_presentado',
  'cita.rechazar',
  'cita.sin_cita',
  'cita.reubicar',
  'citas.listar',
  'clinica.actualizar',
  'clinica.cierre',
  'clinica.cierre_eliminar',
  'clinica.festivo',
  'clinica.logo',
  'clinica.reglas',
  'consulta.crear',
  'consulta.finalizar',
  'consultas.listar',
  'cuenta.codigo_recuperacion_usado',
  'cuenta.codigos_recuperacion',
  'cuenta.cerrar_sesiones',
  'cuenta.contrasena',
  'cuenta.contrasena_restablecida',
  'cuenta.registro',
  'cuenta.registro_doctor',
  'cuenta.registro_recepcion',
  'cuenta.restablecimiento_solicitado',
  'cuenta.segundo_factor_activado',
  'cuenta.segundo_factor_desactivado',
  'datos.exportar_json',
  'datos.exportar_pdf',
  'ficha.leer',
  'historia.leer',
  'historia.leer_urgente',
  'historial.exportar_pdf',
  'historial.leer',
  'perfil.actualizar',
  'perfil.leer',
  'recepcion.ficha_leer',
  'recepcion.invitacion',
  'recepcion.paciente_alta',
  'resumen.leer',
  'tipo_visita.crear',
  'tipo_visita.cambiar',
  'tipo_visita.oferta',
  'usuario.cerrar_sesiones',
  'usuario.datos_doctor',
  'usuario.eliminar',
  'usuario.rol',
  'visitas.listar',
] as const;

/** An entry added to, or corrected in, a section of the clinical file. */
export type AccionFicha = `ficha.${Seccion}.${'crear' | 'corregir'}`;
export type AccionAuditoria = (typeof ACCIONES_FIJAS)[number] | AccionFicha;

export const ACCIONES_AUDITORIA: readonly AccionAuditoria[] = [
  ...ACCIONES_FIJAS,
  ...NOMBRES_SECCION.flatMap((seccion): AccionFicha[] => [`ficha.${seccion}.crear`, `ficha.${seccion}.corregir`]),
].sort();

/** GET /api/auditoria: filters of the admin's audit screen. */
export const auditoriaQuery = pagingQuery.extend({
  usuario: z.string().trim().max(100, 'texto_largo').optional(),
  paciente: z.string().trim().max(100, 'texto_largo').optional(),
  accion: z.string().trim().max(60, 'texto_largo').optional(),
  desde: dateField.optional(),
  hasta: dateField.optional(),
});
export type AuditoriaQuery = z.infer<typeof auditoriaQuery>;

export const entradaAuditoriaSchema = z.object({
  id_auditoria: z.number(),
  creado_en: z.string(),
  id_usuario: z.number().nullable(),
  usuario: z.string().nullable(),
  /** Full name and sex of who did it, for the sentence ('La Dra. Laura García consultó…'). */
  quien: z.string().nullable(),
  sexo: z.enum(['M', 'F']).nullable(),
  rol: z.string().nullable(),
  id_paciente: z.number().nullable(),
  paciente: z.string().nullable(),
  accion: z.string(),
  detalle: z.string().nullable(),
  ip: z.string().nullable(),
});
export type EntradaAuditoria = z.infer<typeof entradaAuditoriaSchema>;

/** GET /api/paciente/accesos: who opened my record ('Quién ha consultado mi historia'). */
export const accesoHistoriaSchema = z.object({
  creado_en: z.string(),
  quien: z.string(),
  sexo: z.enum(['M', 'F']).nullable(),
  rol: z.string().nullable(),
  accion: z.string(),
  /** Whether it happened under break the glass, and, on the statement itself, the reason given. */
  urgente: z.boolean(),
  motivo: z.string().nullable(),
});
export type AccesoHistoria = z.infer<typeof accesoHistoriaSchema>;
