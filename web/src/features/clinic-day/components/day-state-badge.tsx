import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EstadoDia } from '../../../../../contracts/clinic-day.ts';

// Dark shades, so the white text keeps its contrast in both themes.
const COLORS: Record<EstadoDia, string> = {
  citado: 'gray.7',
  llego: 'blue.9',
  en_consulta: 'grape.9',
  atendido: 'teal.9',
  no_presentado: 'red.9',
};

/** A visit's state on the day, translated. */
export function DayStateBadge({ estado }: { estado: EstadoDia }) {
  const { t } = useTranslation('clinic-day');
  return (
    <Badge color={COLORS[estado]} variant="filled" tt="none" w="max-content" style={{ flexShrink: 0 }}>
      {t(`state_${estado}`)}
    </Badge>
  );
}
