import { fullName } from '../../../../../contracts/names.ts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PerfilPaciente } from '../../../../../contracts/patient.ts';
import { formatDate } from '../../../lib/format.ts';
import { phoneForReading } from '../../../lib/clinic.ts';

/** The profile, read-only, as a description list (the file's profile section). */
export function ProfileSummary({ profile }: { profile: PerfilPaciente }) {
  const { t } = useTranslation('patient');
  const { usuario } = profile;
  const address = usuario.direccion;
  const place = [address.codigo_postal, address.localidad].filter(Boolean).join(' ');
  const fullAddress = [address.direccion, place, address.provincia, address.pais].filter(Boolean).join(', ');
  const items: [string, string][] = [
    [t('full_name'), fullName(usuario)],
    [t('email'), usuario.correo],
    [t('dni'), usuario.dni ?? ''],
    [t('birth_date'), usuario.nacimiento ? formatDate(usuario.nacimiento) : ''],
    [t('sex'), usuario.sexo ? t(`sex_${usuario.sexo}`) : ''],
    [t('phone'), usuario.telefono ? phoneForReading(usuario.telefono) : ''],
    [t('address'), fullAddress],
    [t('registered_on'), formatDate(profile.fecha_alta)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" component="dl" style={{ margin: 0 }}>
      {items.map(([label, value]) => (
        <Stack gap={0} key={label}>
          <Text component="dt" size="sm" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} style={{ wordBreak: 'break-word' }}>
            {value || '-'}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
