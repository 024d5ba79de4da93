import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Disponibilidad } from '../../../contracts/appointments.ts';
import { addDaysIso, formatIso } from '../lib/calendar.ts';
import { AvailabilityDays } from './availability-days.tsx';
import classes from './availability-grid.module.css';

/** 'lunes 2 de marzo' / 'dilluns 2 de març' / 'Monday 2 March': how a free cell names its day. */
const weekdayAndDay = (fecha: string, language: string) =>
  `${formatIso(fecha, { weekday: 'long' }, language)} ${formatIso(fecha, { day: 'numeric', month: 'long' }, language)}`;

interface AvailabilityGridProps {
  /** The first of the days shown. */
  from: string;
  days: number;
  today: string;
  slots: Disponibilidad[];
  caption: string;
  onPick: (slot: Disponibilidad) => void;
}

/**
 * The booking calendar (booking, and moving a visit on /mis-visitas; texts of the `booking` namespace): one column per day, one row per start time the doctor has in these days
 * (sorted); a cell reads Libre (a button), Ocupado, Bloqueado or '---' when there is no slot, and
 * the patient's own slots 'Tu solicitud' (pending) or 'Tu cita' (confirmed).
 */
export function AvailabilityGrid({ from, days, today, slots, caption, onPick }: AvailabilityGridProps) {
  const { t, i18n } = useTranslation('booking');
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const language = i18n.language;
  const dates = Array.from({ length: days }, (_, index) => addDaysIso(from, index));
  // A phone has no room for seven columns: one day at a time, every day a tap away.
  if (phone) {
    return (
      <AvailabilityDays
        key={from}
        dates={dates}
        today={today}
        slots={slots}
        caption={caption}
        dayName={(fecha) => weekdayAndDay(fecha, language)}
        onPick={onPick}
      />
    );
  }
  const hours = [...new Set(slots.map((slot) => slot.hora_inicio))].sort();
  const byCell = new Map(slots.map((slot) => [`${slot.fecha} ${slot.hora_inicio}`, slot]));

  const cell = (fecha: string, hora: string) => {
    const slot = byCell.get(`${fecha} ${hora}`);
    if (!slot) {
      return (
        <Text size="sm" c="dimmed">
          <span aria-hidden>---</span>
          <VisuallyHidden>{t('no_schedule')}</VisuallyHidden>
        </Text>
      );
    }
    if (slot.tipo === 'Disponible') {
      return (
        <Button
          size="compact-sm"
          fullWidth
          aria-label={t('free_slot_label', { day: weekdayAndDay(fecha, language), time: hora })}
          onClick={() => onPick(slot)}
        >
          {t('free')}
        </Button>
      );
    }
    // The patient's own request or visit reads as theirs, not as 'Ocupado'.
    if (slot.mia) {
      return (
        <Text size="sm" fw={700} className={classes.mine}>
          {slot.mia === 'Confirmada' ? t('your_visit') : t('your_request')}
        </Text>
      );
    }
    return (
      <Text size="sm" c="dimmed" fs={slot.tipo === 'Bloqueado' ? 'italic' : undefined}>
        {slot.tipo === 'Reservado' ? t('taken') : t('blocked')}
      </Text>
    );
  };

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders className={classes.grid} captionSide="top">
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('hour')}</Table.Th>
            {dates.map((fecha) => (
              <Table.Th
                key={fecha}
                scope="col"
                aria-current={fecha === today ? 'date' : undefined}
                className={fecha === today ? classes.today : undefined}
              >
                <abbr title={formatIso(fecha, { dateStyle: 'full' }, language)} className={classes.day}>
                  <span className={classes.weekday}>{formatIso(fecha, { weekday: 'short' }, language)}</span>
                  <br />
                  {formatIso(fecha, { day: 'numeric', month: 'short' }, language)}
                </abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hours.map((hora) => (
            <Table.Tr key={hora}>
              <Table.Th scope="row">{hora}</Table.Th>
              {dates.map((fecha) => (
                <Table.Td key={fecha} className={fecha === today ? classes.today : undefined}>
                  {cell(fecha, hora)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
