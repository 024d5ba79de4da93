/** The consultation's states and types (spec sections 4 and 9; decisions #17), shared by every contract that names them. */
export const ESTADOS_CONSULTA = ['pendiente', 'confirmada', 'finalizada'] as const;
export const TIPOS_CONSULTA = ['Consulta', 'Revisión', 'Urgencia'] as const;
export type EstadoConsulta = (typeof ESTADOS_CONSULTA)[number];
export type TipoConsulta = (typeof TIPOS_CONSULTA)[number];
