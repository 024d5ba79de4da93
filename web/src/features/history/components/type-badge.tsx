import { Badge } from '@mantine/core';
import type { TipoConsultaHistorial } from '../../../../../contracts/history.ts';
import { consultationTypeLabel } from '../../../lib/format.ts';

// Filled dark shades: white text on them passes AA contrast in both themes.
const COLORS: Record<TipoConsultaHistorial, string> = { Consulta: 'blue.8', Revisión: 'grape.8', Urgencia: 'red.9' };

export function TypeBadge({ tipo }: { tipo: TipoConsultaHistorial }) {
  return (
    <Badge variant="filled" color={COLORS[tipo]}>
      {consultationTypeLabel(tipo)}
    </Badge>
  );
}
