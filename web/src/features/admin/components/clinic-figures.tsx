import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OcupacionDoctor } from '../../../../../contracts/home.ts';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { VisitsByType } from '../../../components/visits-by-type.tsx';
import { formatIso, localeOf } from '../../../lib/calendar.ts';
import { numberFormat } from '../../../lib/intl-cache.ts';
import { useClinicFigures } from '../api/get-figures.ts';
import classes from './clinic-figures.module.css';
import { BreakGlassAlerts } from './break-glass-alerts.tsx';

/** Doctors shown before "show all": a clinic of 200 doctors stays one screen long. */
const FIRST_DOCTORS = 8;

/** /panel-admin's figures: visits today and this week, pending requests, new patients, booked share per doctor. */
export function ClinicFigures() {
  const { t, i18n } = useTranslation('home');
  const figures = useClinicFigures(i18n.language);
  const titleId = useId();
  const occupancyId = useId();
  const [showAll, setShowAll] = useState(false);
  if (!figures.isSuccess) return <QueryFallback pending={figures.isPending} failed={t('load_failed')} />;
  const data = figures.data;
  const language = i18n.language;
  const integer = numberFormat(localeOf(language), {});
  const date = (iso: string) => formatIso(iso, { day: 'numeric', month: 'long' }, language);
  const percent = numberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 });
  const noShows = data.no_presentados;
  const cards = [
    { label: t('figure_visits_today'), value: integer.format(data.visitas_hoy) },
    { label: t('figure_visits_week'), value: integer.format(data.visitas_semana) },
    { label: t('figure_pending'), value: integer.format(data.solicitudes_pendientes) },
    { label: t('figure_new_patients'), value: integer.format(data.pacientes_nuevos_mes) },
    {
      label: t('figure_no_shows'),
      value: noShows.tasa === null ? '—' : percent.format(noShows.tasa),
      detail: t('figure_no_shows_detail', {
        count: noShows.visitas,
        missed: integer.format(noShows.no_presentados),
        from: date(noShows.desde),
        to: date(noShows.hasta),
      }),
    },
  ];
  const doctors = showAll ? data.ocupacion : data.ocupacion.slice(0, FIRST_DOCTORS);

  return (
    <Stack gap="md" mb="xl">
      <BreakGlassAlerts alerts={data.alertas_acceso_urgente} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
        <Title order={2} size="h4" id={titleId}>
          {t('figures_title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('figures_period', {
            today: formatIso(data.hoy, { weekday: 'long', day: 'numeric', month: 'long' }, language),
            from: date(data.semana_desde),
            to: date(data.semana_hasta),
          })}
        </Text>
        <ul className={classes.figures}>
          {cards.map((card) => (
            <li key={card.label}>
              <Paper withBorder radius="sm" p="sm" h="100%">
                <Text size="xl" fw={700} lh={1.2}>
                  {card.value}
                </Text>
                <Text size="sm">{card.label}</Text>
                {card.detail && (
                  <Text size="xs" c="dimmed">
                    {card.detail}
                  </Text>
                )}
              </Paper>
            </li>
          ))}
        </ul>
        {data.visitas_semana_por_tipo && (
          <Stack gap={4} mt="sm">
            <Text size="sm" fw={600}>
              {t('visit-types:week_by_type')}
            </Text>
            <VisitsByType counts={data.visitas_semana_por_tipo} label={t('visit-types:week_by_type')} />
          </Stack>
        )}
        <Text size="xs" c="dimmed" mt="xs">
          {t('figures_note')}
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={occupancyId}>
        <Title order={2} size="h4" id={occupancyId}>
          {t('occupancy_title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('occupancy_caption')}
        </Text>
        {data.ocupacion.length === 0 ? (
          <Text>{t('occupancy_none')}</Text>
        ) : (
          <ul className={classes.bars} aria-labelledby={occupancyId}>
            {doctors.map((row) => (
              <OccupancyBar key={row.id_doctor} row={row} language={language} />
            ))}
          </ul>
        )}
        {data.ocupacion.length > FIRST_DOCTORS && (
          <Group mt="sm">
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => setShowAll((value) => !value)}
              aria-expanded={showAll}
            >
              {showAll ? t('show_fewer_doctors') : t('show_all_doctors', { count: data.ocupacion.length })}
            </Button>
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

function OccupancyBar({ row, language }: { row: OcupacionDoctor; language: string }) {
  const { t } = useTranslation('home');
  const share = row.abiertos === 0 ? 0 : row.reservados / row.abiertos;
  const percent = numberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 0 }).format(share);
  return (
    <li>
      <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
        <Text size="sm">
          <Text span fw={600}>
            {row.doctor}
          </Text>{' '}
          · {row.especialidad}
        </Text>
        <Text size="sm" fw={600}>
          {t('occupancy_value', { booked: row.reservados, opened: row.abiertos, percent })}
        </Text>
      </Group>
      <div className={classes.track} aria-hidden>
        <div className={classes.fill} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </li>
  );
}
