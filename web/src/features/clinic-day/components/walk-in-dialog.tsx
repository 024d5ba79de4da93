import { Alert, Loader, Modal, NativeSelect, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PacienteRecepcion } from '../../../../../contracts/desk-patients.ts';
import { fullName } from '../../../../../contracts/names.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDeskDoctors } from '../../../lib/desk/get-desk-doctors.ts';
import { useDeskPatientSearch } from '../../../lib/desk/search-desk-patients.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { submitWith } from '../../../lib/submit-with.ts';
import { useAddWalkIn } from '../api/add-walk-in.ts';
import { useBookableTypes } from '../../../lib/visit-types/get-bookable-types.ts';
import { phoneForReading } from '../../../lib/clinic.ts';


/** A first page of the search is enough to pick the one who is at the desk. */
const WALK_IN_RESULTS = 8;

const patientLine = (patient: PacienteRecepcion) =>
  [fullName(patient), patient.dni, patient.telefono && phoneForReading(patient.telefono)].filter((part) => part && part.trim() !== '').join(' · ');

/**
 * A patient who came without a visit: who, to which doctor (any active one, not only those with
 * visits on the board), why, and into a free slot or as an extra visit.
 */
export function WalkInDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('clinic-day');
  const [buscar, setBuscar] = useState('');
  const [debounced] = useDebouncedValue(buscar, 250);
  const search = useDeskPatientSearch(debounced.trim(), 1, WALK_IN_RESULTS);
  const found = search.data?.items;
  const doctors = useDeskDoctors();
  const [patient, setPatient] = useState<string>('');
  const [doctor, setDoctor] = useState<string | null>(null);
  const [motivo, setMotivo] = useState('');
  const [modo, setModo] = useState<'hueco' | 'extra'>('hueco');
  // The visit's type: in a free slot the walk-in takes its whole length (the doctor's own, if set).
  const types = useBookableTypes(doctor === null ? null : Number(doctor));
  const [typeChoice, setTypeChoice] = useState('');
  const type = types.data?.find((option) => String(option.id_tipo) === typeChoice) ?? types.data?.[0];
  const [error, setError] = useState<string | null>(null);
  const add = useAddWalkIn();

  const submit = async () => {
    if (!patient || !doctor || !motivo.trim()) {
      setError(t('walk_in_missing'));
      return;
    }
    try {
      const created = await add.mutateAsync({
        id_paciente: Number(patient),
        id_doctor: Number(doctor),
        motivo: motivo.trim(),
        modo,
        ...(type ? { id_tipo_visita: type.id_tipo } : {}),
      });
      notifySuccess(created.extra ? t('walk_in_added_extra', { time: created.hora }) : t('walk_in_added', { time: created.hora }));
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : t('action_failed'));
    }
  };

  const doctorOptions = (doctors.data ?? []).map((d) => ({ value: String(d.id_doctor), label: `${d.nombre} · ${d.especialidad}` }));

  return (
    <Modal opened onClose={onClose} title={t('walk_in_title')} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack>
          <TextInput
            label={t('walk_in_search')}
            description={t('walk_in_search_hint')}
            type="search"
            value={buscar}
            onChange={(event) => setBuscar(event.currentTarget.value)}
            rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
            data-autofocus
          />
          {search.isError && (
            <Alert color="red" role="alert" p="xs">
              {t('walk_in_search_failed')}
            </Alert>
          )}
          {found && found.length === 0 && <Text size="sm">{t('walk_in_no_patients')}</Text>}
          {found && found.length > 0 && (
            <Radio.Group label={t('walk_in_patient')} value={patient} onChange={setPatient} required>
              <Stack gap={6} mt={4}>
                {found.map((one) => (
                  <Radio key={one.id_paciente} value={String(one.id_paciente)} label={patientLine(one)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Select
            label={t('walk_in_doctor')}
            data={doctorOptions}
            value={doctor}
            onChange={setDoctor}
            required
            searchable
            allowDeselect={false}
            rightSection={doctors.isPending ? <Loader size="xs" aria-hidden /> : undefined}
            error={doctors.isError ? t('walk_in_doctors_failed') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          {types.data && types.data.length > 0 && (
            <NativeSelect
              label={t('visit-types:pick_label')}
              value={type ? String(type.id_tipo) : ''}
              onChange={(event) => setTypeChoice(event.currentTarget.value)}
              data={types.data.map((option) => ({ value: String(option.id_tipo), label: `${option.nombre} · ${t('visit-types:minutes', { count: option.duracion_min })}` }))}
            />
          )}
          <TextInput label={t('walk_in_reason')} value={motivo} maxLength={500} required onChange={(event) => setMotivo(event.currentTarget.value)} />
          <Radio.Group
            label={t('walk_in_mode')}
            value={modo}
            onChange={(value) => setModo(value === 'extra' ? 'extra' : 'hueco')}
          >
            <Stack gap={6} mt={4}>
              <Radio value="hueco" label={t('walk_in_mode_gap')} description={t('walk_in_mode_gap_hint')} />
              <Radio value="extra" label={t('walk_in_mode_extra')} description={t('walk_in_mode_extra_hint')} />
            </Stack>
          </Radio.Group>
          {error && (
            <Alert color="red" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <ModalActions onCancel={onClose} submitLabel={t('walk_in_submit')} pending={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
