import { Container, Group, Paper, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router.tsx';
import { BackButton } from '../../../components/back-button.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useProfile } from '../api/get-profile.ts';
import { DataExportSection } from '../components/data-export-section.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

/** /perfil-paciente and /paciente-perfil: the same editor. */
export default function ProfileEditorPage() {
  const { t } = useTranslation('patient');
  const navigate = useNavigate();
  const profile = useProfile();

  useEffect(() => {
    if (!profile.error) return;
    // A bad token already sent the user to /login; any other failure goes back to the dashboard.
    if (profile.error instanceof ApiError && profile.error.status === 401) return;
    notifyError(t('profile_load_error'));
    void navigate('/panel-paciente', { replace: true });
  }, [profile.error, navigate, t]);

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="md">
        <BackButton fallback="/panel-paciente" />
      </Group>
      <Title order={1}>{t('profile_title')}</Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('profile_intro')}
      </Text>
      {profile.data ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <ProfileForm profile={profile.data} />
        </Paper>
      ) : (
        <PageLoader />
      )}
      <DataExportSection />
    </Container>
  );
}
