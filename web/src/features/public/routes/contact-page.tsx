import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Image,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClock,
  IconMail,
  IconMapPin,
  IconPhone,
  IconSend,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { contactoSchema, type Contacto } from '../../../../../contracts/auth.ts';
import { validationText } from '../../../lib/i18n.ts';
import { useSendContact } from '../api/send-contact.ts';
import { clinicAddress, phoneHref, useClinic } from '../../../lib/clinic.ts';

function Detail({ icon: DetailIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
        <DetailIcon size={22} />
      </ThemeIcon>
      <div>
        <Text fw={700} size="sm">
          {label}
        </Text>
        <Text>{children}</Text>
      </div>
    </Group>
  );
}

export default function ContactPage() {
  const { t } = useTranslation('public');
  const clinic = useClinic();
  const send = useSendContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Contacto>({
    resolver: zodResolver(contactoSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const sent = await send.mutateAsync(values).then(
      () => true,
      () => false,
    );
    if (sent) reset();
  });

  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('contact_title')}</Title>
      <Text size="lg" mt="sm" maw={720}>
        {t('contact_intro')}
      </Text>

      <Grid gap="xl" mt="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="xl" h="100%" component="section" aria-labelledby="clinic-details">
            <Title order={2} size="h3" id="clinic-details">
              {t('contact_details')}
            </Title>
            <Stack gap="lg" mt="lg">
              {clinic.logo_url && (
                <Image
                  src={clinic.logo_url}
                  alt={t('contact_logo_alt', { name: clinic.nombre })}
                  h={56}
                  w="auto"
                  fit="contain"
                />
              )}
              <Detail icon={IconMapPin} label={t('contact_address')}>
                {clinic.nombre}
                <br />
                {clinicAddress(clinic)}
              </Detail>
              <Detail icon={IconPhone} label={t('contact_phone')}>
                <Anchor href={phoneHref(clinic.telefono)}>{clinic.telefono}</Anchor>
              </Detail>
              <Detail icon={IconMail} label={t('contact_email')}>
                <Anchor href={`mailto:${clinic.correo}`}>{clinic.correo}</Anchor>
              </Detail>
              <Detail icon={IconClock} label={t('contact_hours')}>
                <Text component="span" style={{ whiteSpace: 'pre-line' }}>
                  {clinic.horario}
                </Text>
              </Detail>
              <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note">
                {t('contact_emergency')}
              </Alert>
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="xl" h="100%" component="section" aria-labelledby="contact-form">
            <Title order={2} size="h3" id="contact-form">
              {t('contact_form_title')}
            </Title>
            <form onSubmit={onSubmit} noValidate>
              <Stack mt="lg">
                {send.isSuccess && (
                  <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />}>
                    {t('contact_success')}
                  </Alert>
                )}
                {send.isError && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                    {t('contact_error')}
                  </Alert>
                )}
                <TextInput
                  label={t('contact_name')}
                  autoComplete="name"
                  required
                  error={validationText(errors.name?.message)}
                  {...register('name')}
                />
                <TextInput
                  label={t('contact_email')}
                  type="email"
                  autoComplete="email"
                  required
                  error={validationText(errors.email?.message)}
                  {...register('email')}
                />
                <Textarea
                  label={t('contact_message')}
                  required
                  autosize
                  minRows={5}
                  maxRows={12}
                  error={validationText(errors.message?.message)}
                  {...register('message')}
                />
                <Text size="sm" c="dimmed">
                  {t('contact_privacy')}{' '}
                  <Anchor component={Link} to="/terminos" size="sm">
                    {t('contact_privacy_link')}
                  </Anchor>
                  .
                </Text>
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    disabled={send.isPending}
                    leftSection={
                      send.isPending ? (
                        <Loader size={16} color="currentColor" aria-hidden />
                      ) : (
                        <IconSend size={18} aria-hidden />
                      )
                    }
                  >
                    {send.isPending ? t('contact_sending') : t('contact_send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
