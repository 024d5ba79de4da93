import { Alert, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField } from '../../../components/date-fields.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDeskDoctors } from '../../../lib/desk/get-desk-doctors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { submitWith } from '../../../lib/submit-with.ts';
import { useAddAbsence } from '../api/add-absence.ts';

/**
 * «Registrar ausencia»: a doctor's days (or hours) off as the desk hears of them; their free times
 * close, and the visits booked inside it appear on this screen to relocate.
 */
export function AbsenceModal({ initialDate, onClose }: { initialDate: string; onClose: () => void }) {
  const { t } = useTranslation('relocate');
  const doctors = useDeskDoctors();
  const add = useAddAbsence();
  const [doctor, setDoctor] = useState<string | null>(null);
  const [values, setValues] = useState({ fecha_inicio: initialDate, fecha_fin: initialDate, hora_inicio: '', hora_fin: '', motivo: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async () => {
    if (!doctor || !values.fecha_inicio || !values.fecha_fin || !values.motivo.trim()) {
      setError(t('absence_missing'));
      return;
    }
    try {
      const created = await add.mutateAsync({
        id_doctor: Number(doctor),
        fecha_inicio: values.fecha_inicio,
        fecha_fin: values.fecha_fin,
        ...(values.hora_inicio ? { hora_inicio: values.hora_inicio } : {}),
        ...(values.hora_fin ? { hora_fin: values.hora_fin } : {}),
        motivo: values.motivo.trim(),
      });
      notifySuccess(created.citas.length === 0 ? t('absence_added_none') : t('absence_added', { count: created.citas.length }));
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : t('action_failed'));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('absence_title')} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack>
          <Text size="sm">{t('absence_hint')}</Text>
          <Select
            label={t('absence_doctor')}
            data={(doctors.data ?? []).map((one) => ({ value: String(one.id_doctor), label: `${one.nombre} · ${one.especialidad}` }))}
            value={doctor}
            onChange={setDoctor}
            searchable
            required
            allowDeselect={false}
            error={doctors.isError ? t('common:load_error') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={2} spacing="xs">
            <DateField label={t('absence_from')} value={values.fecha_inicio} onChange={set('fecha_inicio')} required />
            <TimeField label={t('absence_from_time')} value={values.hora_inicio} onChange={set('hora_inicio')} />
            <DateField label={t('absence_to')} value={values.fecha_fin} onChange={set('fecha_fin')} required />
            <TimeField label={t('absence_to_time')} value={values.hora_fin} onChange={set('hora_fin')} />
          </SimpleGrid>
          <TextInput label={t('absence_reason')} value={values.motivo} onChange={(event) => set('motivo')(event.currentTarget.value)} maxLength={200} required />
          {error && (
            <Alert color="red" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <ModalActions onCancel={onClose} submitLabel={t('absence_submit')} pending={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
