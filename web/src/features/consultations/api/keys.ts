export const consultationKeys = {
  all: ['consultations'] as const,
  list: (estado: string, pagina: number) => ['consultations', 'list', estado, pagina] as const,
  patients: (buscar: string) => ['consultations', 'patients', buscar] as const,
};
