import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router.tsx';
import type { z } from 'zod';
import { aceptarOfertaSchema, type AceptarOferta, type OfertaEspera } from '../../../../../contracts/waitlist.ts';
import { VisitLinkPage } from '../../../components/visit-link-page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { validationText } from '../../../lib/i18n.ts';
import { useClaimOffer } from '../api/claim-offer.ts';
import { useOffer } from '../api/get-offer.ts';

type Outcome = 'claimed' | 'gone' | 'expired' | 'accepted';

const OUTCOME_OF_STATE: Partial<Record<OfertaEspera['estado'], Outcome>> = {
  perdida: 'gone',
  caducada: 'expired',
  aceptada: 'accepted',
};
const OUTCOME_OF_CODE: Record<string, Outcome> = {
  oferta_perdida: 'gone',
  oferta_caducada: 'expired',
  oferta_aceptada: 'accepted',
};

/**
 * /lista-espera/oferta?token=…: the link of a waitlist offer's e-mail. The patient
 * sees the freed time and books it with a reason, as in 'Pedir cita'; the first to confirm gets it,
 * later ones read that it is gone.
 */
export default function ClaimOfferPage() {
  const { t, i18n } = useTranslation('waitlist');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const offer = useOffer(token, i18n.language);
  const claim = useClaimOffer(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AceptarOferta, unknown, z.output<typeof aceptarOfertaSchema>>({
    resolver: zodResolver(aceptarOfertaSchema),
    defaultValues: { motivo: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await claim.mutateAsync(values);
      setOutcome('claimed');
    } catch (error) {
      const known = error instanceof ApiError ? OUTCOME_OF_CODE[error.code ?? ''] : undefined;
      if (known) setOutcome(known);
      else setFailure(error instanceof ApiError && error.status < 500 ? error.message : t('offer_failed'));
    }
  });

  return (
    <VisitLinkPage
      title={t('offer_title')}
      refusal={!token || offer.isError ? t('offer_missing') : undefined}
      loadingLabel={t('offer_loading')}
      data={offer.data}
      details={(data) => [
        { label: t('offer_doctor'), value: data.doctor },
        { label: t('offer_specialty'), value: data.especialidad },
        { label: t('offer_when'), value: `${formatIso(data.fecha, { dateStyle: 'full' }, i18n.language)}, ${data.hora}–${data.hora_fin}` },
      ]}
    >
      {(data) => {
        const shown = outcome ?? OUTCOME_OF_STATE[data.estado];
        return shown ? (
          <>
            <Alert color={shown === 'claimed' || shown === 'accepted' ? 'teal' : 'yellow'} role="status">
              {t(`offer_${shown}`)}
            </Alert>
            <Group>
              <Button component={Link} to="/mis-visitas">
                {t('to_visits')}
              </Button>
              {(shown === 'gone' || shown === 'expired') && (
                <Button component={Link} to="/pedir-cita" variant="default">
                  {t('to_booking')}
                </Button>
              )}
            </Group>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              <Text>{t('offer_intro')}</Text>
              <Text fw={600}>{t('offer_until', { time: data.caduca_hora })}</Text>
              <Textarea
                label={t('offer_reason')}
                required
                autosize
                minRows={3}
                maxLength={500}
                error={validationText(errors.motivo?.message)}
                {...register('motivo')}
              />
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={claim.isPending}>
                  {t('offer_claim')}
                </Button>
              </Group>
            </Stack>
          </form>
        );
      }}
    </VisitLinkPage>
  );
}
