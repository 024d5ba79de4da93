import { useTranslation } from 'react-i18next';
import type { Bloque } from '../../../../../contracts/agenda.ts';
import { VisitTypeName } from '../../../components/visit-type-name.tsx';

/** The day view's type cell: a booked slot names its visit's type (with its colour), others say what the slot is. */
export function VisitBlockType({ block }: { block: Bloque }) {
  const { t } = useTranslation('agenda');
  if (block.cita?.tipo_visita) return <VisitTypeName type={block.cita.tipo_visita} />;
  return <>{t(`tipo_${block.tipo}`)}</>;
}
