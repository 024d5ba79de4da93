import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, CopyButton, Group, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../lib/router.tsx';
import type { z } from 'zod';
import { HOME_BY_ROLE } from '../../../../../contracts/roles.ts';
import { SCREENS } from '../../../../../contracts/routes.ts';
import {
  enrolmentConfirmSchema,
  enrolmentStartSchema,
  type Enrolment,
} from '../../../../../contracts/second-factor.ts';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useConfirmEnrolment, useSecondFactor, useStartEnrolment } from '../api/second-factor.ts';
import { RecoveryCodes } from '../components/recovery-codes.tsx';

/** The server's message for a field, or its general message. */
function errorTexts(error: unknown, campo: string) {
  if (!(error instanceof ApiError)) return { field: undefined, general: undefined };
  const field = error.errores?.find((entry) => entry.campo === campo)?.mensaje;
  return { field, general: field ? undefined : error.message };
}

/** The secret in groups of four, as apps show it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Enrolment of an authenticator app: the password again, then a QR code (and the
 * secret, to type by hand), then the app's first code turns it on and the recovery codes show once.
 * A user whose role requires a second factor is sent here before anything else.
 */
export default function SecondFactorPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const session = useSession();
  const status = useSecondFactor();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const passwordForm = useForm<z.infer<typeof enrolmentStartSchema>>({
    resolver: zodResolver(enrolmentStartSchema),
    defaultValues: { contrasena: '' },
  });
  const codeForm = useForm<z.input<typeof enrolmentConfirmSchema>>({
    resolver: zodResolver(enrolmentConfirmSchema),
    defaultValues: { codigo: '' },
  });

  const home = session ? HOME_BY_ROLE[session.payload.rol] : '/home';

  if (status.isPending) return <PageLoader />;

  const onPassword = passwordForm.handleSubmit((values) =>
    start.mutate(values.contrasena, { onSuccess: (result) => setEnrolment(result) }),
  );
  const onCode = codeForm.handleSubmit((values) =>
    confirm.mutate(values.codigo, { onSuccess: (result) => setCodes(result.codigos_recuperacion) }),
  );
  const startErrors = errorTexts(start.error, 'contrasena');
  const confirmErrors = errorTexts(confirm.error, 'codigo');

  return (
    <Page size="sm" title={t('mfa_title')} intro={t('mfa_intro')}>

      {status.data?.requerido && !status.data.activo && !codes && (
        <Alert color="blue" title={t('mfa_required_title')} mb="lg">
          {t('mfa_required_intro')}
        </Alert>
      )}

      {codes ? (
        <Stack>
          <Title order={2} size="h3">
            {t('mfa_codes_title')}
          </Title>
          <Text>{t('mfa_turned_on')}</Text>
          <RecoveryCodes codes={codes} />
          <Group>
            <Button onClick={() => void navigate(home)}>{t('mfa_codes_saved')}</Button>
          </Group>
        </Stack>
      ) : status.data?.activo ? (
        <Alert color="teal" title={t('mfa_on')}>
          {t('mfa_already_on')}{' '}
          <Anchor component={Link} to={SCREENS.myAccount.path}>
            {t('mfa_back_account')}
          </Anchor>
        </Alert>
      ) : !enrolment ? (
        <Paper withBorder radius="md" p="lg">
          <form onSubmit={onPassword} noValidate>
            <Stack>
              <Text>{t('mfa_password_intro')}</Text>
              {startErrors.general && (
                <Alert color="red" role="alert">
                  {startErrors.general}
                </Alert>
              )}
              <PasswordInput
                label={t('mfa_password')}
                autoComplete="current-password"
                required
                error={validationText(passwordForm.formState.errors.contrasena?.message) ?? startErrors.field}
                {...passwordForm.register('contrasena')}
              />
              <Group>
                <Button type="submit" loading={start.isPending}>
                  {t('mfa_continue')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h3">
              {t('mfa_step_scan')}
            </Title>
            <Text mt="xs">{t('mfa_step_scan_help')}</Text>
            <Group mt="md" align="flex-start" gap="xl" wrap="wrap">
              <Image
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
                alt={t('mfa_qr_alt')}
                w={200}
                h={200}
                radius="sm"
                bg="white"
              />
              <Stack gap="xs" style={{ flex: '1 1 14rem', minWidth: 0 }}>
                <TextInput
                  label={t('mfa_secret')}
                  description={t('mfa_secret_help')}
                  value={grouped(enrolment.secreto)}
                  readOnly
                  styles={{ input: { fontFamily: 'monospace' } }}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton value={enrolment.secreto}>
                  {({ copied, copy }) => (
                    <Button variant="light" size="xs" onClick={copy} style={{ alignSelf: 'flex-start' }}>
                      {copied ? t('mfa_copied') : t('mfa_copy_secret')}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            </Group>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <form onSubmit={onCode} noValidate>
              <Stack>
                <Title order={2} size="h3">
                  {t('mfa_step_code')}
                </Title>
                {confirmErrors.general && (
                  <Alert color="red" role="alert">
                    {confirmErrors.general}
                  </Alert>
                )}
                <TextInput
                  label={t('mfa_code')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  required
                  error={validationText(codeForm.formState.errors.codigo?.message) ?? confirmErrors.field}
                  {...codeForm.register('codigo')}
                />
                <Group>
                  <Button type="submit" loading={confirm.isPending}>
                    {t('mfa_confirm')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Stack>
      )}
    </Page>
  );
}
