import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '../../../../../contracts/routes.ts';
import { fullName } from '../../../../../contracts/names.ts';
import type { FichaRecepcion, VisitaRecepcion } from '../../../../../contracts/desk-patients.ts';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { ConfirmedByPatient, VisitNotices } from '../../../components/visit-notices.tsx';
import { waitMessageOr } from '../../../lib/api.ts';
import { formatDate, formatInstant } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { Link } from '../../../lib/router.tsx';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { numericDate } from './desk-dates.ts';
import classes from './desk-patients.module.css';
import { phoneForReading, phoneHref } from '../../../lib/clinic.ts';

/** A stored word (a state) in the screen's language; one the screen does not know yet is shown as stored. */
function useWord() {
  const { t, i18n } = useTranslation('desk-patients');
  return (prefix: string, value: string | null) => {
    if (!value) return '';
    const key = `${prefix}_${value}`;
    return i18n.exists(`desk-patients:${key}`) ? t(key) : value;
  };
}

const STATE_COLOR: Record<string, string> = { Confirmada: 'teal.9', pendiente: 'yellow', Cancelada: 'gray.7' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function VisitList({ visits, empty }: { visits: VisitaRecepcion[]; empty: string }) {
  const { t, i18n } = useTranslation('desk-patients');
  const word = useWord();
  if (visits.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <ul className={classes.visits}>
      {visits.map((visit) => (
        <li key={visit.id_cita}>
          <Paper withBorder p="sm" radius="md">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>{t('visit_when', { date: formatDate(visit.fecha, i18n.language), time: visit.hora })}</Text>
              <Group gap={6}>
                <Badge variant="filled" tt="none" color={STATE_COLOR[visit.estado] ?? 'blue.9'} className={classes.badge}>
                  {word('state', visit.estado)}
                </Badge>
                {visit.asistencia && (
                  <Badge variant="filled" tt="none" color={visit.asistencia === 'Asistió' ? 'teal.9' : 'red.9'} className={classes.badge}>
                    {word('attendance', visit.asistencia)}
                  </Badge>
                )}
                {visit.confirmada_paciente && <ConfirmedByPatient />}
              </Group>
            </Group>
            <Text size="sm">
              {visit.doctor} · {visit.especialidad}
            </Text>
            {visit.reservada_por && (
              <Text size="xs" c="dimmed">
                {visit.reservada_por.rol === 'paciente'
                  ? t('booked_by_patient')
                  : t('booked_by_staff', { name: visit.reservada_por.nombre, role: word('role', visit.reservada_por.rol) })}
              </Text>
            )}
            <VisitNotices id_cita={visit.id_cita} />
          </Paper>
        </li>
      ))}
    </ul>
  );
}

interface Props {
  card: FichaRecepcion;
  /** Above the card: what just happened (a registration). */
  notice?: ReactNode;
}

/** The desk's card of a patient: contact details, visits, waitlist, notices, and "Dar cita". */
export function DeskPatientCard({ card, notice }: Props) {
  const { t, i18n } = useTranslation('desk-patients');
  const word = useWord();
  const resend = useResendInvitation();
  const { paciente } = card;
  const empty = t('common:empty_value');
  const bookHref = `${SCREENS.deskBooking.path}?paciente=${paciente.id_paciente}`;

  const resendInvitation = async () => {
    try {
      await resend.mutateAsync(paciente.id_paciente);
      notifySuccess(t('invitation_resent'));
    } catch (error) {
      notifyError(waitMessageOr(error, error instanceof Error ? error.message : t('form_error')));
    }
  };

  return (
    <Stack gap="lg">
      {notice}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} size="h3">
            {fullName(paciente)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('field_since')}: {formatDate(paciente.fecha_alta, i18n.language)}
          </Text>
        </div>
        <Button component={Link} to={bookHref} size="md" leftSection={<IconCalendarPlus size={20} aria-hidden />}>
          {t('book')}
        </Button>
      </Group>

      <Section title={t('contact')}>
        <DefinitionList
          cols={{ base: 1, sm: 2 }}
          items={[
            { label: t('field_phone'), value: paciente.telefono ? <Anchor href={phoneHref(paciente.telefono)}>{phoneForReading(paciente.telefono)}</Anchor> : empty },
            { label: t('field_email'), value: paciente.correo ?? empty },
            { label: t('field_dni'), value: paciente.dni ?? empty },
            { label: t('field_birth_date'), value: paciente.fecha_nacimiento ? numericDate(paciente.fecha_nacimiento) : empty },
            { label: t('field_username'), value: paciente.nombre_usuario },
            { label: t('field_language'), value: t(`language_${paciente.idioma}`) },
            {
              label: t('account'),
              value: (
                <Group gap="xs" component="span">
                  <Badge variant="filled" tt="none" color={paciente.cuenta_activada ? 'teal.9' : 'gray.7'} className={classes.badge} component="span">
                    {paciente.cuenta_activada ? t('account_active') : t('account_pending')}
                  </Badge>
                  {!paciente.cuenta_activada && paciente.correo && (
                    <Button size="compact-sm" variant="subtle" onClick={() => void resendInvitation()} loading={resend.isPending} component="span">
                      {t('resend_invitation')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Section>

      <Section title={t('upcoming')}>
        <VisitList visits={card.proximas} empty={t('no_upcoming')} />
      </Section>

      <Section title={t('waitlist')}>
        {card.lista_espera.length === 0 ? (
          <Text c="dimmed">{t('no_waitlist')}</Text>
        ) : (
          <ul className={classes.visits}>
            {card.lista_espera.map((entry) => (
              <li key={entry.id_entrada}>
                <Paper withBorder p="sm" radius="md">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={600}>{entry.doctor ?? entry.especialidad}</Text>
                    <Badge variant="filled" tt="none" color={entry.estado === 'activa' ? 'blue.9' : 'gray.7'} className={classes.badge}>
                      {word('waitlist', entry.estado)}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    {entry.doctor ? `${entry.especialidad} · ` : ''}
                    {t('waitlist_range', { from: formatDate(entry.desde, i18n.language), to: formatDate(entry.hasta, i18n.language) })} · {word('slot', entry.franja)}
                  </Text>
                </Paper>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('past')}>
        <VisitList visits={card.pasadas} empty={t('no_past')} />
      </Section>

      <Section title={t('notices')}>
        {card.avisos.length === 0 ? (
          <Text c="dimmed">{t('no_notices')}</Text>
        ) : (
          <ul className={classes.visits}>
            {card.avisos.map((aviso, index) => (
              <li key={`${aviso.tipo}-${aviso.fecha}-${index}`}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm">
                    {word('notice', aviso.tipo)} · {formatInstant(aviso.fecha, i18n.language)}
                  </Text>
                  <Badge variant="filled" tt="none" color="gray.7" className={classes.badge}>
                    {word('notice', aviso.estado)}
                  </Badge>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Stack>
  );
}

export function CreatedNotice({ name, username, email }: { name: string; username: string; email: string | null }) {
  const { t } = useTranslation('desk-patients');
  return (
    <Alert color="teal" role="status" title={t('created', { name, username })}>
      {email ? t('created_invited', { email }) : t('created_no_email')}
    </Alert>
  );
}
