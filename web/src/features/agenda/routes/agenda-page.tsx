import {
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight, IconLock, IconLockOpen } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from '../../../lib/router.tsx';
import type { Bloque, RangoAgenda } from '../../../../../contracts/agenda.ts';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { WhenNearScreen } from '../../../components/when-near-screen.tsx';
import { WhenPageSettled } from '../../../components/when-page-settled.tsx';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { ApiError } from '../../../lib/api.ts';
import { addDaysIso, addMonthsIso, capitalized, formatIso, partsOf, todayIso } from '../../../lib/calendar.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useBlockRange } from '../api/block-range.ts';
import { dayQuery } from '../api/get-day.ts';
import { dayRequestsQuery } from '../api/get-day-requests.ts';
import { pendingRequestsQuery, usePendingRequests } from '../../../lib/appointments/get-pending-requests.ts';
import { myDoctorQuery, useMyDoctor } from '../api/get-my-doctor.ts';
import { useUnblockRange } from '../api/unblock-range.ts';
import classes from './agenda-page.module.css';
import { DarkModeButton } from '../components/dark-mode-button.tsx';
import { DayView } from '../components/day-view.tsx';
import { MonthGrid, MonthLegend } from '../components/month-grid.tsx';
import { PendingRequests } from '../components/pending-requests.tsx';

// The dialogs (Modal, their forms and zod) load when one is opened.
const OpenDayModal = lazy(() =>
  import('../components/open-day-modal.tsx').then((module) => ({ default: module.OpenDayModal })),
);
const RangeModal = lazy(() =>
  import('../components/range-modal.tsx').then((module) => ({ default: module.RangeModal })),
);
const EditBlockModal = lazy(() =>
  import('../components/edit-block-modal.tsx').then((module) => ({ default: module.EditBlockModal })),
);
// The weekly hours and absences sit below the agenda; they load after it, not before it first renders.
const WeeklyHoursEditor = lazy(() =>
  import('../../../components/weekly-hours-editor.tsx').then((module) => ({ default: module.WeeklyHoursEditor })),
);
const AbsencesPanel = lazy(() =>
  import('../components/absences-panel.tsx').then((module) => ({ default: module.AbsencesPanel })),
);
import { RequestInbox } from '../components/request-inbox.tsx';

type View = 'day' | 'month' | 'year';
type ModalName = 'open' | 'block' | 'unblock' | null;

const STEP: Record<View, (iso: string, direction: number) => string> = {
  day: (iso, direction) => addDaysIso(iso, direction),
  month: (iso, direction) => addMonthsIso(iso, direction),
  year: (iso, direction) => addMonthsIso(iso, 12 * direction),
};

const PERIOD_FORMAT: Record<View, Intl.DateTimeFormatOptions> = {
  day: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  year: { year: 'numeric' },
};

/** A failure's text: the spec's message, plus the server's reason for a refused input. */
const failureText = (message: string, error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) ? `${message} ${error.message}` : message;

/** Today's day view needs the doctor's id first: its two reads follow that answer at once. */
export const firstReads: FirstReads = (client, { session }) => {
  void client.prefetchQuery(pendingRequestsQuery(1));
  client
    .fetchQuery(myDoctorQuery(session.payload.id_usuario))
    .then(({ id_doctor }) => {
      const fecha = todayIso();
      void client.prefetchQuery(dayQuery(id_doctor, fecha));
      void client.prefetchQuery(dayRequestsQuery(id_doctor, fecha));
    })
    .catch(() => undefined);
};

/** /agenda-doctor: the doctor's own agenda (spec section 2). */
export default function AgendaPage() {
  const { t } = useTranslation('agenda');
  const session = useSession();
  const navigate = useNavigate();
  const doctor = useMyDoctor();
  const [view, setView] = useState<View>('day');
  const [selected, setSelected] = useState(todayIso);
  const [modal, setModal] = useState<ModalName>(null);
  const [editing, setEditing] = useState<Bloque | null>(null);
  const block = useBlockRange();
  const unblock = useUnblockRange();
  const waiting = usePendingRequests(1).data?.total ?? 0;

  // Without the doctor's own id the agenda cannot work: back to log-in (spec section 6).
  useEffect(() => {
    if (doctor.isError) void navigate('/login', { replace: true });
  }, [doctor.isError, navigate]);

  if (!session) return <Navigate to="/login" replace />;
  if (!doctor.data) return <PageLoader />;
  const idDoctor = doctor.data.id_doctor;
  const { year, month } = partsOf(selected);

  const onBlock = async (range: RangoAgenda) => {
    try {
      const result = await block.mutateAsync(range);
      const count = result?.bloques_bloqueados;
      if (typeof count !== 'number') notifyInfo(t('block_unverified'));
      else if (count === 0) notifyError(t('blocked_none'));
      else notifySuccess(t('blocked', { count }));
      setSelected(range.fecha);
      return true;
    } catch (error) {
      notifyError(failureText(t('block_failed'), error));
      return false;
    }
  };

  const onUnblock = async (range: RangoAgenda) => {
    try {
      const result = await unblock.mutateAsync(range);
      const summary = t('unblock_summary', {
        unblocked: t('unblocked_count', { count: result.bloques_desbloqueados }),
        created: t('created_count', { count: result.bloques_creados }),
      });
      notifySuccess(`${t('unblocked')}. ${summary}`);
      setSelected(range.fecha);
      return true;
    } catch (error) {
      notifyError(failureText(t('unblock_failed'), error));
      return false;
    }
  };

  const [previousLabel, nextLabel] = {
    day: [t('previous_day'), t('next_day')],
    month: [t('previous_month'), t('next_month')],
    year: [t('previous_year'), t('next_year')],
  }[view];

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="md">
        {t('title')}
      </Title>
      <Group gap="sm" mb="lg" role="group" aria-label={t('actions_label')}>
        <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setModal('open')}>
          {t('open_hour')}
        </Button>
        <Button color="red.9" leftSection={<IconLock size={16} aria-hidden />} onClick={() => setModal('block')}>
          {t('block_hour')}
        </Button>
        <Button color="teal.9" leftSection={<IconLockOpen size={16} aria-hidden />} onClick={() => setModal('unblock')}>
          {t('unblock_hour')}
        </Button>
        <DarkModeButton />
      </Group>
      <Group gap="lg" mb="lg" component="nav" aria-label={t('related_label')}>
        <Anchor component={Link} to="/mis-visitas">
          {t('link_visits')}
        </Anchor>
        <Anchor component={Link} to="/crear-consultas">
          {t('link_consultations')}
        </Anchor>
        <Anchor component={Link} to="/medical-record">
          {t('link_records')}
        </Anchor>
        {/* On a phone the requests come after the day's slots, screens further down. */}
        {waiting > 0 && (
          <Anchor href="#bandeja-titulo" hiddenFrom="md" fw={600}>
            {t('inbox_jump', { count: waiting })}
          </Anchor>
        )}
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="periodo">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <SegmentedControl
                  aria-label={t('view_label')}
                  value={view}
                  onChange={(value) => setView(value)}
                  data={[
                    { value: 'day', label: t('view_day') },
                    { value: 'month', label: t('view_month') },
                    { value: 'year', label: t('view_year') },
                  ]}
                />
                <Group gap="xs" wrap="nowrap" className={classes.periodMoves}>
                  <Button
                    variant="default"
                    leftSection={<IconChevronLeft size={16} aria-hidden />}
                    aria-label={previousLabel}
                    onClick={() => setSelected((current) => STEP[view](current, -1))}
                  >
                    {t('common:previous')}
                  </Button>
                  <Button variant="default" onClick={() => setSelected(todayIso())}>
                    {t('today')}
                  </Button>
                  <Button
                    variant="default"
                    rightSection={<IconChevronRight size={16} aria-hidden />}
                    aria-label={nextLabel}
                    onClick={() => setSelected((current) => STEP[view](current, 1))}
                  >
                    {t('common:next')}
                  </Button>
                </Group>
              </Group>
              <Title order={2} size="h3" id="periodo" aria-live="polite">
                {capitalized(formatIso(selected, PERIOD_FORMAT[view]))}
              </Title>
              {view === 'day' && <DayView idDoctor={idDoctor} fecha={selected} onEdit={setEditing} />}
              {view === 'month' && (
                <MonthGrid idDoctor={idDoctor} year={year} month={month} selected={selected} onSelect={setSelected} />
              )}
              {view === 'year' && (
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
                  {Array.from({ length: 12 }, (_, index) => (
                    <MonthGrid
                      key={index}
                      compact
                      idDoctor={idDoctor}
                      year={year}
                      month={index + 1}
                      selected={selected}
                      onSelect={setSelected}
                    />
                  ))}
                </SimpleGrid>
              )}
              {view !== 'day' && <MonthLegend />}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <RequestInbox
              onShowDay={(fecha) => {
                setSelected(fecha);
                setView('day');
              }}
            />
            <PendingRequests idDoctor={idDoctor} fecha={selected} />
          </Stack>
        </Grid.Col>
      </Grid>

      {/* Below the agenda: their code (the time and date fields) and their reads wait for the agenda's,
          and for the doctor to scroll towards them (on a phone they are screens away). */}
      <WhenPageSettled>
        <WhenNearScreen>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="lg">
            <Suspense fallback={null}>
              <WeeklyHoursEditor />
              <AbsencesPanel initialDate={selected} />
            </Suspense>
          </SimpleGrid>
        </WhenNearScreen>
      </WhenPageSettled>

      <Suspense fallback={null}>
        {modal === 'open' && (
          <OpenDayModal
            opened
            idDoctor={idDoctor}
            initialDate={selected}
            onClose={() => setModal(null)}
            onOpened={setSelected}
          />
        )}
        {modal === 'block' && (
          <RangeModal
            title={t('block_title')}
            submitLabel={t('block_submit')}
            missingMessage={t('block_missing')}
            initialDate={selected}
            idDoctor={idDoctor}
            busy={block.isPending}
            onClose={() => setModal(null)}
            onSubmit={onBlock}
          />
        )}
        {modal === 'unblock' && (
          <RangeModal
            title={t('unblock_title')}
            submitLabel={t('unblock_submit')}
            missingMessage={t('unblock_missing')}
            initialDate={selected}
            idDoctor={idDoctor}
            busy={unblock.isPending}
            onClose={() => setModal(null)}
            onSubmit={onUnblock}
          />
        )}
        {editing && <EditBlockModal block={editing} onClose={() => setEditing(null)} />}
      </Suspense>
    </Container>
  );
}
