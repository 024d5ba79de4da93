import { Box, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatIso, monthWeeks, partsOf, todayIso, weekdayNames } from '../../../lib/calendar.ts';
import { useMonthMarks } from '../api/get-month-days.ts';
import classes from './month-grid.module.css';

interface MonthGridProps {
  idDoctor: number;
  year: number;
  month: number;
  selected: string;
  onSelect: (fecha: string) => void;
  /** Smaller cells, for the twelve grids of the year view. */
  compact?: boolean;
}

/**
 * One month, Monday first (L M X J V S D). Days with pending requests are highlighted and carry how
 * many, days with blocked slots are marked; a click selects the day (its requests load).
 */
export function MonthGrid({ idDoctor, year, month, selected, onSelect, compact = false }: MonthGridProps) {
  const { t, i18n } = useTranslation('agenda');
  const { pending, blocked } = useMonthMarks(idDoctor, year, month);
  const initials = t('weekday_initials').split(',');
  const names = weekdayNames(i18n.language);
  const today = todayIso();

  const labelOf = (fecha: string) => {
    const day = partsOf(fecha).day;
    const date = formatIso(fecha, { weekday: 'long', day: 'numeric', month: 'long' });
    const count = pending.get(day) ?? 0;
    if (count > 0 && blocked.has(day)) return t('day_with_both', { date, count });
    if (count > 0) return t('day_with_requests', { date, count });
    if (blocked.has(day)) return t('day_with_blocks', { date });
    return date;
  };

  return (
    <Table className={compact ? classes.compact : classes.grid} withRowBorders={false} layout="fixed" captionSide="top">
      <Table.Caption className={compact ? undefined : classes.hiddenCaption}>
        {formatIso(`${year}-${String(month).padStart(2, '0')}-01`, { month: 'long', year: 'numeric' })}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {initials.map((initial, index) => (
            <Table.Th key={index} scope="col" ta="center" p={2}>
              <abbr title={names[index]} className={classes.abbr}>
                {initial}
              </abbr>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {monthWeeks(year, month).map((week, row) => (
          <Table.Tr key={row}>
            {week.map((fecha, column) => (
              <Table.Td key={column} p={2} ta="center">
                {fecha && (
                  <UnstyledButton
                    className={classes.day}
                    data-pending={pending.has(partsOf(fecha).day) || undefined}
                    data-blocked={blocked.has(partsOf(fecha).day) || undefined}
                    data-selected={fecha === selected || undefined}
                    data-today={fecha === today || undefined}
                    aria-label={labelOf(fecha)}
                    aria-pressed={fecha === selected}
                    aria-current={fecha === today ? 'date' : undefined}
                    onClick={() => onSelect(fecha)}
                  >
                    <Box component="span">{partsOf(fecha).day}</Box>
                    {pending.has(partsOf(fecha).day) && (
                      <span className={classes.count} aria-hidden>
                        {pending.get(partsOf(fecha).day)}
                      </span>
                    )}
                  </UnstyledButton>
                )}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the marks of the month and year grids mean. */
export function MonthLegend() {
  const { t } = useTranslation('agenda');
  return (
    <Group component="ul" gap="md" p={0} m={0} aria-label={t('legend_label')} className={classes.legend} style={{ listStyle: 'none' }}>
      <Group component="li" gap={6} wrap="nowrap">
        <span className={classes.day} data-pending aria-hidden>
          <span>1</span>
          <span className={classes.count}>2</span>
        </span>
        <Text size="sm">{t('legend_requests')}</Text>
      </Group>
      <Group component="li" gap={6} wrap="nowrap">
        <span className={classes.day} data-blocked aria-hidden>
          1
        </span>
        <Text size="sm">{t('legend_blocked')}</Text>
      </Group>
      <Group component="li" gap={6} wrap="nowrap">
        <span className={classes.day} data-selected aria-hidden>
          1
        </span>
        <Text size="sm">{t('legend_selected')}</Text>
      </Group>
    </Group>
  );
}
