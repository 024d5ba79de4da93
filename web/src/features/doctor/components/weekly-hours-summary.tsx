import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { useOwnWeeklyHours } from '../api/weekly-hours.ts';

/** The doctor's weekly hours, one line per weekday ('09:00–14:00, 16:00–19:00 · every 15 min'). */
export function WeeklyHoursSummary() {
  const { t } = useTranslation('doctor');
  const hours = useOwnWeeklyHours();
  const franjas = hours.data?.franjas ?? [];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="horario-ficha">
      <Title order={2} size="h3" mb="md" id="horario-ficha">
        {t('hours_title')}
      </Title>
      {hours.isSuccess && franjas.length === 0 && <Text c="dimmed">{t('hours_none')}</Text>}
      {franjas.length > 0 && (
        <Table aria-labelledby="horario-ficha" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {[1, 2, 3, 4, 5, 6, 7].map((day) => {
              const ofDay = franjas.filter((franja) => franja.dia_semana === day);
              return (
                <Table.Tr key={day}>
                  <Table.Th scope="row" w={130}>
                    {t(`weekday_${day}`)}
                  </Table.Th>
                  <Table.Td>
                    {ofDay.length === 0
                      ? t('hours_closed')
                      : ofDay.map((franja) => t('hours_range', { from: franja.hora_inicio, to: franja.hora_fin, count: franja.duracion_min })).join(' · ')}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Anchor component={Link} to="/agenda-doctor" mt="sm" display="inline-block">
        {t('hours_edit')}
      </Anchor>
    </Paper>
  );
}
