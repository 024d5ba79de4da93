/** Query keys of the agenda: every change invalidates the whole ['agenda'] tree. */
export const agendaKeys = {
  all: ['agenda'] as const,
  me: (id_usuario: number | undefined) => ['agenda', 'me', id_usuario] as const,
  day: (fecha: string) => ['agenda', 'day', fecha] as const,
  blockedDays: (anio: number, mes: number) => ['agenda', 'blocked-days', anio, mes] as const,
  pendingDays: (anio: number, mes: number) => ['agenda', 'pending-days', anio, mes] as const,
  requests: (fecha: string) => ['agenda', 'requests', fecha] as const,
};
