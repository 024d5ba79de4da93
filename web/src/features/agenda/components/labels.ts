import type { EstadoBloque } from '../../../../../contracts/agenda.ts';

/** Badge colours of slot states, dark enough for white text in both themes. */
export const ESTADO_COLOR: Record<EstadoBloque, string> = {
  Disponible: 'teal.9',
  Reservado: 'blue.8',
  Bloqueado: 'red.9',
};

/** Badge colours of a booked slot's visit: a request still to answer stands out from a confirmed visit. */
export const VISITA_COLOR = { pendiente: 'yellow', Confirmada: 'blue.8' } as const;

/** HH:MM of a stored time; the form's HH:MM gets ':00' when sent (spec section 5). */
export const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);
