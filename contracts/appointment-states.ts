/** States of an appointment: a patient's request is pending until the doctor answers. */
export const ESTADOS_CITA = ['pendiente', 'Confirmada', 'Cancelada'] as const;
export type EstadoCita = (typeof ESTADOS_CITA)[number];
