import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PacienteOpcion } from '../../../../../contracts/consultations.ts';
import { usePatientOptions } from '../api/get-patient-options.ts';

const labelOf = (patient: PacienteOpcion) => `${patient.nombre} (${patient.correo})`;

interface PatientSelectProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
}

/** The patient select, searched on the server by name as the doctor types. */
export function PatientSelect({ value, onChange, onBlur, error }: PatientSelectProps) {
  const { t } = useTranslation('consultations');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PacienteOpcion | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  // While the box shows the chosen patient's label, list everyone rather than search for that label.
  const showingChoice = chosen !== null && value !== '' && search === labelOf(chosen);
  const options = usePatientOptions(showingChoice ? '' : debounced);
  const patients = [...(options.data ?? [])];
  if (chosen && value !== '' && !patients.some((p) => p.id_paciente === chosen.id_paciente)) patients.unshift(chosen);

  return (
    <Select
      label={t('patient')}
      placeholder={t('patient_placeholder')}
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the search (accents and case included).
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? undefined : t('patient_none')}
      data={patients.map((patient) => ({ value: String(patient.id_paciente), label: labelOf(patient) }))}
      value={value === '' ? null : value}
      onChange={(next) => {
        setChosen(patients.find((p) => String(p.id_paciente) === next) ?? null);
        onChange(next ?? '');
      }}
      onBlur={onBlur}
      error={error}
    />
  );
}
