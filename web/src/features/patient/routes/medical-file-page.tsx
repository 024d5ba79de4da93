import { fullName } from '../../../../../contracts/names.ts';
import { Alert, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconEdit } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentUploadButton } from '../../../components/attachment-upload-button.tsx';
import { BackButton } from '../../../components/back-button.tsx';
import { ClinicalCard, ClinicalFileSections, isFileEmpty } from '../../../components/clinical/clinical-sections.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { FILE_SECTIONS, fileSectionQuery, useFileSection } from '../api/get-file-section.ts';
import { lastConsultationQuery, useLastConsultation } from '../api/get-last-consultation.ts';
import { profileQuery, useProfile } from '../api/get-profile.ts';
import { attachmentsQuery, useAttachments } from '../api/list-attachments.ts';
import { useUploadAttachment } from '../api/upload-attachment.ts';
import { ProfileSummary } from '../components/profile-summary.tsx';

const FORM_ID = 'ficha-perfil-form';
// The profile's form (its fields, date picker and zod) loads when the patient edits, not with the file.
const ProfileForm = lazy(() =>
  import('../components/profile-form.tsx').then((module) => ({ default: module.ProfileForm })),
);

export const firstReads: FirstReads = (client) => {
  void client.prefetchQuery(profileQuery);
  void client.prefetchQuery(lastConsultationQuery);
  void client.prefetchQuery(attachmentsQuery);
  for (const section of FILE_SECTIONS) void client.prefetchQuery(fileSectionQuery(section));
};

/**
 * /ficha-paciente: the patient's medical file. The header has the name, the status badge and
 * Edit/Save (for the profile part); sections without data are not shown.
 */
export default function MedicalFilePage() {
  const { t } = useTranslation('patient');
  const [editing, setEditing] = useState(false);
  const profile = useProfile();
  const alergias = useFileSection('alergias');
  const enfermedades = useFileSection('enfermedades');
  const discapacidades = useFileSection('discapacidades');
  const habitos = useFileSection('habitos');
  const vacunas = useFileSection('vacunas');
  const ultima = useLastConsultation();
  const archivos = useAttachments();
  const upload = useUploadAttachment();

  const clinical = [alergias, enfermedades, discapacidades, habitos, vacunas, archivos, ultima];
  const loading = profile.isPending || clinical.some((query) => query.isPending);
  const failed = profile.isError || clinical.some((query) => query.isError);
  const file = {
    alergias: alergias.data,
    enfermedades: enfermedades.data,
    discapacidades: discapacidades.data,
    habitos: habitos.data,
    vacunas: vacunas.data,
    ultima_consulta: ultima.data,
    archivos: archivos.data,
  };
  const nothingClinical = !loading && isFileEmpty(file);

  if (profile.isPending) {
    return (
      <Container size="lg" py="xl">
        <PageLoader />
      </Container>
    );
  }

  const usuario = profile.data?.usuario;
  const title = usuario ? fullName(usuario) : t('file_title');

  return (
    <Container size="lg" py="xl">
      <BackButton fallback="/panel-paciente" />
      <Group justify="space-between" align="flex-start" mt="md" mb="lg" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('file_title')}
          </Text>
          <Group gap="sm">
            <Title order={1}>{title}</Title>
            {profile.data && (
              <Badge size="lg" variant="filled" color={profile.data.estado === 'Activo' ? 'teal.9' : 'gray.8'}>
                {t(`status_${profile.data.estado}`)}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="sm">
          <AttachmentUploadButton upload={upload} namespace="patient" />
          {editing ? (
            <>
              <Button key="cancel" variant="default" onClick={() => setEditing(false)}>
                {t('common:cancel')}
              </Button>
              <Button key="save" type="submit" form={FORM_ID} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
                {t('common:save')}
              </Button>
            </>
          ) : (
            <Button
              key="edit"
              onClick={() => setEditing(true)}
              disabled={!profile.data}
              leftSection={<IconEdit size={18} aria-hidden />}
            >
              {t('common:edit')}
            </Button>
          )}
        </Group>
      </Group>

      {failed && (
        <Alert color="red" role="alert" mb="lg" title={t('file_load_error_title')}>
          {t('file_load_error')}
        </Alert>
      )}

      <Stack gap="lg">
        {profile.data && (
          <ClinicalCard title={t('profile_section')} id="seccion-perfil">
            {editing ? (
              <Suspense fallback={null}>
                <ProfileForm
                  profile={profile.data}
                  formId={FORM_ID}
                  showSubmit={false}
                  onSaved={() => setEditing(false)}
                />
              </Suspense>
            ) : (
              <ProfileSummary profile={profile.data} />
            )}
          </ClinicalCard>
        )}
        <ClinicalFileSections file={file} />
        {loading && <PageLoader />}
        {nothingClinical && !failed && <Text c="dimmed">{t('file_empty')}</Text>}
      </Stack>
    </Container>
  );
}
