import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DoctorRecepcion } from '../../../../../../contracts/desk-booking.ts';

export interface Choice {
  id_especialidad?: number | undefined;
  id_doctor?: number | undefined;
}

/** The specialties that have a doctor to book with, and their doctors: by specialty, or one doctor. */
export function SpecialtyDoctorChoice({ doctors, value, onChange }: { doctors: DoctorRecepcion[]; value: Choice; onChange: (next: Choice) => void }) {
  const { t } = useTranslation('desk-booking');
  const specialties = [...new Map(doctors.map((doctor) => [doctor.id_especialidad, doctor.especialidad])).entries()]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([id, nombre]) => ({ value: String(id), label: nombre }));
  const ofSpecialty = doctors.filter((doctor) => value.id_especialidad === undefined || doctor.id_especialidad === value.id_especialidad);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t('specialty')}
        placeholder={t('specialty_placeholder')}
        data={specialties}
        searchable
        clearable
        nothingFoundMessage={t('nothing_found')}
        value={value.id_especialidad === undefined ? null : String(value.id_especialidad)}
        onChange={(next) => onChange({ id_especialidad: next === null ? undefined : Number(next), id_doctor: undefined })}
      />
      <Select
        label={t('doctor')}
        placeholder={t('doctor_placeholder')}
        data={ofSpecialty.map((doctor) => ({ value: String(doctor.id_doctor), label: value.id_especialidad === undefined ? `${doctor.nombre} · ${doctor.especialidad}` : doctor.nombre }))}
        searchable
        clearable
        nothingFoundMessage={t('nothing_found')}
        value={value.id_doctor === undefined ? null : String(value.id_doctor)}
        onChange={(next) => onChange({ ...value, id_doctor: next === null ? undefined : Number(next) })}
      />
    </SimpleGrid>
  );
}
