export const recordKeys = {
  all: ['records'] as const,
  record: (id_paciente: number) => ['records', 'record', id_paciente] as const,
  myPatients: (buscar: string, pagina: number, mine: boolean) => ['records', 'my-patients', buscar, pagina, mine] as const,
};
