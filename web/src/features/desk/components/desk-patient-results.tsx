import { Alert, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../../../contracts/names.ts';
import type { PacienteRecepcion } from '../../../../../contracts/desk-patients.ts';
import { ListPager } from '../../../components/list-pager.tsx';
import { DESK_SEARCH_PAGE_SIZE } from '../../../lib/desk/search-desk-patients.ts';
import { formatDate } from '../../../lib/format.ts';
import { numericDate } from './desk-dates.ts';
import classes from './desk-patients.module.css';
import { phoneForReading } from '../../../lib/clinic.ts';

interface Props {
  /** The search's current page, once there is one; nothing is shown before the desk types. */
  found: { items: PacienteRecepcion[]; total: number; approximate: boolean } | undefined;
  failed: boolean;
  page: number;
  onPage: (page: number) => void;
  selectedId: number | null;
  onSelect: (patient: PacienteRecepcion) => void;
  /** Moves the focus back to the search box (↑ on the first result). */
  onLeaveTop: () => void;
  listRef: React.RefObject<HTMLUListElement | null>;
}

/** The search's results as a list of buttons (↓ and ↑ move between them, Enter opens one), paged. */
export function DeskPatientResults({ found, failed, page, onPage, ...list }: Props) {
  const { t } = useTranslation('desk-patients');
  return (
    <>
      {failed && (
        <Alert color="red" role="alert">
          {t('common:load_error')}
        </Alert>
      )}
      {found && (
        <>
          <ResultList patients={found.items} total={found.total} approximate={found.approximate} {...list} />
          {(found.approximate || found.total > DESK_SEARCH_PAGE_SIZE) && (
            <ListPager page={page} pageSize={DESK_SEARCH_PAGE_SIZE} total={found.total} approximate={found.approximate} onChange={onPage} />
          )}
        </>
      )}
    </>
  );
}

type ListProps = Omit<Props, 'found' | 'failed' | 'page' | 'onPage'> & { patients: PacienteRecepcion[]; total: number; approximate: boolean };

function ResultList({ patients, total, approximate, selectedId, onSelect, onLeaveTop, listRef }: ListProps) {
  const { t, i18n } = useTranslation('desk-patients');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const empty = t('common:empty_value');

  const move = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      buttons.current[Math.min(index + 1, patients.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index === 0) onLeaveTop();
      else buttons.current[index - 1]?.focus();
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" role="status">
        {approximate ? t('results_more', { count: total }) : patients.length === 0 ? t('no_results') : t('results_count', { count: total })}
      </Text>
      <ul className={classes.results} ref={listRef} aria-label={t('results_label')}>
        {patients.map((patient, index) => (
          <li key={patient.id_paciente}>
            <UnstyledButton
              ref={(element) => {
                buttons.current[index] = element;
              }}
              className={classes.result}
              data-selected={patient.id_paciente === selectedId || undefined}
              aria-current={patient.id_paciente === selectedId ? 'true' : undefined}
              onClick={() => onSelect(patient)}
              onKeyDown={(event) => move(event, index)}
            >
              <Paper withBorder p="sm" radius="md" className={classes.resultCard}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600}>{fullName(patient)}</Text>
                  {patient.fecha_nacimiento && <Text size="sm">{numericDate(patient.fecha_nacimiento)}</Text>}
                </Group>
                <Text size="sm" className={classes.contactLine}>
                  <span>
                    {t('field_dni')}: {patient.dni ?? empty}
                  </span>
                  <span>
                    {t('field_phone')}: {patient.telefono ? phoneForReading(patient.telefono) : empty}
                  </span>
                  <span className={classes.email}>{patient.correo ?? empty}</span>
                </Text>
                <Group gap="xs" mt={4}>
                  {patient.proxima_cita ? (
                    <Text size="sm" fw={500}>
                      {t('next_visit', {
                        date: formatDate(patient.proxima_cita.fecha, i18n.language),
                        time: patient.proxima_cita.hora,
                        doctor: patient.proxima_cita.doctor,
                      })}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('no_next_visit')}
                    </Text>
                  )}
                  {!patient.cuenta_activada && (
                    <Badge variant="filled" tt="none" color="gray.7" className={classes.badge}>
                      {t('account_pending')}
                    </Badge>
                  )}
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
