import { fullName } from '../../../../../contracts/names.ts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsuarioLista } from '../../../../../contracts/users.ts';
import { usePatientOptions } from '../api/get-patient-options.ts';

type PatientAccount = Pick<UsuarioLista, 'id' | 'nombre' | 'apellido1' | 'apellido2' | 'email'>;

const labelOf = (patient: PatientAccount) =>
  `${fullName(patient)} (${patient.email})`;

interface PatientSelectProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
}

/** The patient select, searched on the server by name as the doctor types; its value is the account id. */
export function PatientSelect({ value, onChange, onBlur, error }: PatientSelectProps) {
  const { t } = useTranslation('consultations');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PatientAccount | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  // While the box shows the chosen patient's label, list everyone rather than search for that label.
  const showingChoice = chosen !== null && value !== '' && search === labelOf(chosen);
  const options = usePatientOptions(showingChoice ? '' : debounced);
  const patients: PatientAccount[] = [...(options.data ?? [])];
  if (chosen && value !== '' && !patients.some((p) => p.id === chosen.id)) patients.unshift(chosen);

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
      data={patients.map((patient) => ({ value: String(patient.id), label: labelOf(patient) }))}
      value={value === '' ? null : value}
      onChange={(next) => {
        setChosen(patients.find((p) => String(p.id) === next) ?? null);
        onChange(next ?? '');
      }}
      onBlur={onBlur}
      error={error}
    />
  );
}
