import { Alert, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRANJAS_ESPERA, MAX_DIAS_LISTA_ESPERA, type FranjaEspera } from '../../../../../contracts/waitlist.ts';
import { DateField, TimeField } from '../../../components/date-fields.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ApiError } from '../../../lib/api.ts';
import { addDaysIso, todayIso } from '../../../lib/calendar.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';

export interface WaitlistTarget {
  doctor: { id: number; nombre: string } | null;
  specialty: { id: number; nombre: string } | null;
}

interface JoinWaitlistModalProps {
  opened: boolean;
  target: WaitlistTarget;
  /** The visit type chosen on 'Pedir cita': only times where a visit of it fits whole are offered. */
  visitType?: { id: number; nombre: string } | null;
  onClose: () => void;
}

/**
 * Joining the waitlist from 'Pedir cita': this doctor or any doctor of the specialty, a range of
 * dates and a part of the day. The server checks every rule and says why.
 */
export function JoinWaitlistModal({ opened, target, visitType = null, onClose }: JoinWaitlistModalProps) {
  const { t } = useTranslation('waitlist');
  const join = useJoinWaitlist();
  const today = todayIso();
  // The page mounts the modal when it opens: each opening starts from a fresh form.
  const [who, setWho] = useState<'doctor' | 'specialty'>(target.doctor ? 'doctor' : 'specialty');
  const [desde, setDesde] = useState(today);
  const [hasta, setHasta] = useState(addDaysIso(today, 14));
  const [franja, setFranja] = useState<FranjaEspera>('cualquiera');
  const [horaDesde, setHoraDesde] = useState('09:00');
  const [horaHasta, setHoraHasta] = useState('12:00');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const chosen = who === 'doctor' && target.doctor ? { id_doctor: target.doctor.id } : target.specialty ? { id_especialidad: target.specialty.id } : {};
    try {
      await join.mutateAsync({
        ...chosen,
        desde,
        hasta,
        franja,
        ...(franja === 'rango' ? { hora_desde: horaDesde, hora_hasta: horaHasta } : {}),
        ...(visitType ? { id_tipo_visita: visitType.id } : {}),
      });
      notifySuccess(t('joined'));
      onClose();
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? error.message : '';
      setFailure(detail ? t('join_failed_detail', { detail }) : t('join_failed'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('join_title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Text size="sm">{t('join_intro')}</Text>
          {visitType && <Text size="sm">{t('join_visit_type', { name: visitType.nombre })}</Text>}
          <NativeSelect
            label={t('target')}
            value={who}
            onChange={(event) => setWho(event.currentTarget.value === 'specialty' ? 'specialty' : 'doctor')}
            data={[
              ...(target.doctor ? [{ value: 'doctor', label: t('target_doctor', { doctor: target.doctor.nombre }) }] : []),
              ...(target.specialty ? [{ value: 'specialty', label: t('target_specialty', { specialty: target.specialty.nombre }) }] : []),
            ]}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateField label={t('from')} value={desde} onChange={setDesde} minDate={today} maxDate={addDaysIso(today, MAX_DIAS_LISTA_ESPERA)} required />
            <DateField
              label={t('to')}
              value={hasta}
              onChange={setHasta}
              minDate={desde || today}
              maxDate={addDaysIso(today, MAX_DIAS_LISTA_ESPERA)}
              required
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('range_hint', { count: MAX_DIAS_LISTA_ESPERA })}
          </Text>
          <NativeSelect
            label={t('part_of_day')}
            value={franja}
            onChange={(event) => setFranja(FRANJAS_ESPERA.find((value) => value === event.currentTarget.value) ?? 'cualquiera')}
            data={FRANJAS_ESPERA.map((value) => ({ value, label: t(`franja_${value}`) }))}
          />
          {franja === 'rango' && (
            <SimpleGrid cols={2}>
              <TimeField label={t('time_from')} value={horaDesde} onChange={setHoraDesde} />
              <TimeField label={t('time_to')} value={horaHasta} onChange={setHoraHasta} />
            </SimpleGrid>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <ModalActions onCancel={onClose} submitLabel={t('join_submit')} pending={join.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
