import { Button, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Disponibilidad } from '../../../contracts/appointments.ts';
import { capitalized, formatIso } from '../lib/calendar.ts';
import classes from './availability-grid.module.css';

interface AvailabilityDaysProps {
  dates: string[];
  today: string;
  slots: Disponibilidad[];
  caption: string;
  /** 'lunes 2 de marzo': how a day and its free times name themselves. */
  dayName: (fecha: string) => string;
  onPick: (slot: Disponibilidad) => void;
}

/**
 * The booking calendar on a phone: one tab per day (all of them fit across the screen), and the
 * chosen day's free times as a list of buttons; the patient's own request or visit is named too.
 */
export function AvailabilityDays({ dates, today, slots, caption, dayName, onPick }: AvailabilityDaysProps) {
  const { t, i18n } = useTranslation('booking');
  const language = i18n.language;
  const captionId = useId();
  const shown = (fecha: string) =>
    slots.filter((slot) => slot.fecha === fecha && (slot.tipo === 'Disponible' || slot.mia));
  // Until the user picks a day: the first from today with a free time (or the patient's own visit),
  // chosen again as the week's answer arrives (the last week's stays on screen until then). With
  // none, today when it is shown, else the first day.
  const [picked, setPicked] = useState<string | null>(null);
  const day =
    picked ??
    dates.find((fecha) => fecha >= today && shown(fecha).length > 0) ??
    (dates.includes(today) ? today : (dates[0] ?? today));

  return (
    <section aria-labelledby={captionId}>
      <Text id={captionId} className={classes.caption}>
        {caption}
      </Text>
      <Tabs value={day} onChange={(value) => value && setPicked(value)} classNames={{ tab: classes.dayTab }}>
        <Tabs.List grow>
          {dates.map((fecha) => (
            <Tabs.Tab
              key={fecha}
              value={fecha}
              aria-label={dayName(fecha)}
              aria-current={fecha === today ? 'date' : undefined}
              className={fecha === today ? classes.today : undefined}
            >
              <span className={classes.weekday}>{formatIso(fecha, { weekday: 'short' }, language)}</span>
              <br />
              {formatIso(fecha, { day: 'numeric' }, language)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {dates.map((fecha) => {
          const times = shown(fecha).sort((a, b) => a.hora_inicio.localeCompare(b.hora_inicio));
          return (
            <Tabs.Panel key={fecha} value={fecha} pt="sm">
              <Text fw={600} mb="xs">
                {capitalized(dayName(fecha))}
              </Text>
              {times.length === 0 ? (
                <Text c="dimmed">{t('no_free_day')}</Text>
              ) : (
                <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" verticalSpacing="xs">
                  {times.map((slot) =>
                    slot.mia ? (
                      <Text key={slot.hora_inicio} size="sm" fw={700} ta="center" className={classes.mine}>
                        {slot.hora_inicio} {slot.mia === 'Confirmada' ? t('your_visit') : t('your_request')}
                      </Text>
                    ) : (
                      <Button
                        key={slot.hora_inicio}
                        variant="light"
                        aria-label={t('free_slot_label', { day: dayName(fecha), time: slot.hora_inicio })}
                        onClick={() => onPick(slot)}
                      >
                        {slot.hora_inicio}
                      </Button>
                    ),
                  )}
                </SimpleGrid>
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </section>
  );
}
