import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCalendarOff, IconCalendarX, IconWand } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CitaPorReubicar, HuecoReubicar, ResultadoReubicar } from '../../../../../contracts/relocate.ts';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { capitalized, formatIso } from '../../../lib/calendar.ts';
import { clinicParts } from '../../../lib/clinic-clock.ts';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelVisits } from '../api/cancel-visits.ts';
import { toRelocateQuery, useToRelocate } from '../api/get-to-relocate.ts';
import { useMoveVisits } from '../api/move-visits.ts';
import { useProposeSlots } from '../api/propose-slots.ts';
import { AbsenceModal } from '../components/absence-modal.tsx';
import { CancelVisitsModal } from '../components/cancel-visits-modal.tsx';
import { ChooseSlotModal } from '../components/choose-slot-modal.tsx';
import { RelocateVisitCard } from '../components/relocate-visit-card.tsx';

export const firstReads: FirstReads = (client) => {
  void client.prefetchQuery(toRelocateQuery);
};

const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
const SHORT: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

interface Group {
  key: string;
  heading: string;
  visits: CitaPorReubicar[];
}

/** What happened to a visit the last time: moved (where), cancelled, or why not. */
interface Outcome extends ResultadoReubicar {
  paciente: string;
  kind: 'move' | 'cancel';
}

/**
 * «Por reubicar»: the visits that fell on a day the clinic closed or inside their doctor's
 * absence, grouped by cause and day. Reception selects several, lets «Proponer huecos» find the
 * first free time of each one's specialty, adjusts any by hand, and moves them in one go, or
 * cancels them with a reason. Each visit's outcome is listed, done or refused.
 */
export default function ToRelocatePage() {
  const { t } = useTranslation('relocate');
  const list = useToRelocate();
  const propose = useProposeSlots();
  const move = useMoveVisits();
  const cancel = useCancelVisits();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [targets, setTargets] = useState<Map<number, HuecoReubicar>>(new Map());
  const [unproposed, setUnproposed] = useState<Set<number>>(new Set());
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [choosing, setChoosing] = useState<CitaPorReubicar | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [absence, setAbsence] = useState(false);

  const visits = useMemo(() => list.data ?? [], [list.data]);
  const present = useMemo(() => new Set(visits.map((visit) => visit.id_cita)), [visits]);
  const chosen = [...selected].filter((id) => present.has(id));
  const movable = chosen.filter((id) => targets.has(id));

  const groups = useMemo(() => {
    const byKey = new Map<string, Group>();
    for (const visit of visits) {
      const key = `${visit.causa}|${visit.causa === 'ausencia' ? visit.id_doctor : ''}|${visit.motivo_causa}|${visit.fecha}`;
      const cause = visit.causa === 'cierre' ? t('cause_closure', { reason: visit.motivo_causa }) : t('cause_absence', { doctor: visit.doctor, reason: visit.motivo_causa });
      const group = byKey.get(key) ?? { key, heading: `${capitalized(formatIso(visit.fecha, DAY))} · ${cause}`, visits: [] };
      group.visits.push(visit);
      byKey.set(key, group);
    }
    return [...byKey.values()];
  }, [visits, t]);

  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const byId = (id: number) => visits.find((visit) => visit.id_cita === id);

  const proposeFor = async () => {
    const ids = chosen.length > 0 ? chosen : visits.map((visit) => visit.id_cita);
    if (chosen.length === 0) setSelected(new Set(ids));
    try {
      const proposals = await propose.mutateAsync(ids);
      setTargets((current) => {
        const next = new Map(current);
        for (const proposal of proposals) if (proposal.hueco) next.set(proposal.id_cita, proposal.hueco);
        return next;
      });
      setUnproposed(new Set(proposals.filter((proposal) => !proposal.hueco).map((proposal) => proposal.id_cita)));
      const found = proposals.filter((proposal) => proposal.hueco).length;
      notifySuccess(t('proposed', { count: found }));
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('action_failed'));
    }
  };

  const record = (resultados: ResultadoReubicar[], kind: Outcome['kind']) => {
    const named = resultados.map((result) => ({ ...result, kind, paciente: byId(result.id_cita)?.paciente ?? `#${result.id_cita}` }));
    setOutcomes(named);
    const done = resultados.filter((result) => result.ok).map((result) => result.id_cita);
    setSelected((current) => new Set([...current].filter((id) => !done.includes(id))));
    setTargets((current) => new Map([...current].filter(([id]) => !done.includes(id))));
    const refused = resultados.length - done.length;
    if (refused > 0) notifyError(t('some_refused', { count: refused }));
    else notifySuccess(kind === 'move' ? t('moved', { count: done.length }) : t('cancelled', { count: done.length }));
  };

  const moveSelected = async () => {
    try {
      const answer = await move.mutateAsync({ citas: movable.map((id_cita) => ({ id_cita, id_agenda: (targets.get(id_cita) as HuecoReubicar).id_agenda })) });
      record(answer.resultados, 'move');
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('action_failed'));
    }
  };

  const cancelSelected = async (motivo: string) => {
    try {
      const answer = await cancel.mutateAsync({ ids: chosen, motivo });
      setCancelling(false);
      record(answer.resultados, 'cancel');
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('action_failed'));
    }
  };

  const today = clinicParts(new Date()).date;

  return (
    <Page size="lg" title={t('title')} intro={t('intro')}>
      <Group justify="flex-end" mb="md">
        <Button variant="light" leftSection={<IconCalendarOff size={16} aria-hidden />} onClick={() => setAbsence(true)}>
          {t('absence_open')}
        </Button>
      </Group>
      {list.isError && (
        <Alert color="red" role="alert">
          {t('common:load_error')}
        </Alert>
      )}
      {list.isLoading && <Loader aria-label={t('common:loading')} />}

      {outcomes.length > 0 && (
        <Paper withBorder p="md" radius="md" mb="md" component="section" aria-labelledby="relocate-results">
          <Title order={2} size="h4" id="relocate-results">
            {t('results_title')}
          </Title>
          <Stack gap={4} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {outcomes.map((outcome) => (
              <Text key={outcome.id_cita} component="li" size="sm" c={outcome.ok ? undefined : 'red.9'}>
                <strong>{outcome.paciente}</strong>:{' '}
                {!outcome.ok
                  ? outcome.detail
                  : outcome.kind === 'cancel'
                    ? t('result_cancelled')
                    : t('result_moved', { when: t('when', { day: formatIso(outcome.fecha ?? '', SHORT), time: outcome.hora }), doctor: outcome.doctor })}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}

      {list.data && visits.length === 0 && (
        <Alert color="teal" variant="light">
          {t('none')}
        </Alert>
      )}

      {visits.length > 0 && (
        <>
          <Paper withBorder p="sm" radius="md" mb="md" pos="sticky" top={0} style={{ zIndex: 2 }}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" aria-live="polite">
                {t('selected', { count: chosen.length })}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Button variant="default" leftSection={<IconWand size={16} aria-hidden />} onClick={() => void proposeFor()} loading={propose.isPending}>
                  {t('propose')}
                </Button>
                <Button leftSection={<IconCalendarEvent size={16} aria-hidden />} onClick={() => void moveSelected()} loading={move.isPending} disabled={movable.length === 0}>
                  {t('move_selected', { count: movable.length })}
                </Button>
                <Button variant="default" leftSection={<IconCalendarX size={16} aria-hidden />} onClick={() => setCancelling(true)} disabled={chosen.length === 0}>
                  {t('cancel_selected', { count: chosen.length })}
                </Button>
              </Group>
            </Group>
          </Paper>

          <Stack gap="lg">
            {groups.map((group) => {
              const ids = group.visits.map((visit) => visit.id_cita);
              const all = ids.every((id) => selected.has(id));
              const some = ids.some((id) => selected.has(id));
              const headingId = `group-${group.key.replace(/[^a-zA-Z0-9-]/g, '_')}`;
              return (
                <section key={group.key} aria-labelledby={headingId}>
                  <Group gap="sm" wrap="nowrap" align="center" mb="xs">
                    <Checkbox checked={all} indeterminate={some && !all} onChange={(event) => toggle(ids, event.currentTarget.checked)} aria-label={t('select_group', { group: group.heading })} />
                    <Title order={2} size="h5" id={headingId}>
                      {group.heading}
                    </Title>
                  </Group>
                  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {group.visits.map((visit) => (
                      <RelocateVisitCard
                        key={visit.id_cita}
                        visit={visit}
                        selected={selected.has(visit.id_cita)}
                        onSelect={(on) => toggle([visit.id_cita], on)}
                        target={targets.get(visit.id_cita)}
                        noProposal={unproposed.has(visit.id_cita)}
                        onChoose={() => setChoosing(visit)}
                      />
                    ))}
                  </Stack>
                </section>
              );
            })}
          </Stack>
        </>
      )}

      {choosing && (
        <ChooseSlotModal
          visit={choosing}
          initialDate={targets.get(choosing.id_cita)?.fecha ?? (choosing.fecha > today ? choosing.fecha : today)}
          onClose={() => setChoosing(null)}
          onChoose={(slot) => {
            setTargets((current) => new Map(current).set(choosing.id_cita, slot));
            toggle([choosing.id_cita], true);
            setChoosing(null);
          }}
        />
      )}
      {absence && <AbsenceModal initialDate={today} onClose={() => setAbsence(false)} />}
      {cancelling && <CancelVisitsModal count={chosen.length} pending={cancel.isPending} onCancel={(motivo) => void cancelSelected(motivo)} onClose={() => setCancelling(false)} />}
    </Page>
  );
}
