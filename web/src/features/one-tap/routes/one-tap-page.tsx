import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisitLinkPage } from '../../../components/visit-link-page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { Link, useSearchParams } from '../../../lib/router.tsx';
import { useLink } from '../api/get-link.ts';
import { useTapLink } from '../api/tap-link.ts';

/**
 * /enlace?token=…: a reminder's one-tap link. The patient sees which visit and what the link does,
 * and taps once to confirm that they will come or to cancel, without logging in; changing the
 * time sends them to log in. A link used, expired or not valid says so.
 */
export default function OneTapPage() {
  const { t, i18n } = useTranslation('one-tap');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useLink(token, i18n.language);
  const tap = useTapLink(token);
  const [done, setDone] = useState<'confirmar' | 'cancelar' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onTap = async () => {
    setFailure(null);
    try {
      const result = await tap.mutateAsync();
      setDone(result.accion);
    } catch (error) {
      setFailure(error instanceof ApiError && error.status < 500 ? error.message : t('failed'));
    }
  };

  const refusal = link.error instanceof ApiError ? link.error.message : t('not_valid');

  return (
    <VisitLinkPage
      title={t('title')}
      refusal={!token || link.isError ? (token ? refusal : t('not_valid')) : undefined}
      loadingLabel={t('loading')}
      data={link.data}
      details={(data) => [
        { label: t('doctor'), value: data.doctor },
        { label: t('when'), value: `${formatIso(data.fecha, { dateStyle: 'full' }, i18n.language)}, ${data.hora}` },
      ]}
    >
      {(data) =>
        done ? (
          <Alert color="teal" role="status">
            {t(`done_${done}`)}
          </Alert>
        ) : data.accion === 'cambiar' ? (
          <>
            <Text>{t('intro_cambiar')}</Text>
            <Group>
              <Button component={Link} to="/mis-visitas">
                {t('log_in_to_move')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>{t(`intro_${data.accion}`)}</Text>
            {data.accion === 'confirmar' && data.confirmada_paciente && <Text c="dimmed">{t('already_confirmed')}</Text>}
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button color={data.accion === 'cancelar' ? 'red' : undefined} loading={tap.isPending} onClick={() => void onTap()}>
                {t(`button_${data.accion}`)}
              </Button>
            </Group>
          </>
        )
      }
    </VisitLinkPage>
  );
}
