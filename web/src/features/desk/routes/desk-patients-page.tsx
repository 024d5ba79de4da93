import { Alert, Box, Button, Grid, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AltaRecepcionRespuesta } from '../../../../../contracts/desk-patients.ts';
import { fullName } from '../../../../../contracts/names.ts';
import { Page } from '../../../components/page.tsx';
import { useSearchParams } from '../../../lib/router.tsx';
import { useDeskPatientCard } from '../api/desk-patient-card.ts';
import { CreatedNotice, DeskPatientCard } from '../components/desk-patient-card.tsx';
import { DeskPatientResults } from '../components/desk-patient-results.tsx';
import { DeskSearchInput } from '../components/desk-search-input.tsx';
import { useDeskSearch } from '../components/use-desk-search.ts';
import { NewDeskPatientForm } from '../components/new-desk-patient-form.tsx';

const idOf = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * The desk's patients: one search box as the caller speaks, the chosen patient's card (with "Dar
 * cita"), and the registration of a caller who is not a patient yet. What is searched and who is
 * open live in the address (?buscar=, ?paciente=, ?nuevo=1), so reload and back keep them.
 */
export default function DeskPatientsPage() {
  const { t } = useTranslation('desk-patients');
  const [params, setParams] = useSearchParams();
  const selectedId = idOf(params.get('paciente'));
  const creating = params.get('nuevo') === '1';
  const desk = useDeskSearch(params.get('buscar') ?? '');
  const { buscar } = desk;
  const [created, setCreated] = useState<AltaRecepcionRespuesta | null>(null);
  const card = useDeskPatientCard(creating ? null : selectedId);

  const go = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };

  // The search follows the typing into the address without a history entry per key.
  useEffect(() => {
    if (buscar !== (new URLSearchParams(window.location.search).get('buscar') ?? '')) go({ buscar }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [buscar]);

  const open = (id_paciente: number) => go({ paciente: String(id_paciente), nuevo: null });
  const detailOpen = creating || selectedId !== null;

  return (
    <Page size="xl" title={t('title')} intro={t('intro')}>
      <Group align="flex-end" gap="sm" wrap="wrap" mt="md">
        <DeskSearchInput
          flex="1 1 16rem"
          {...desk.boxProps}
          onEnter={() => {
            if (desk.onlyPatient !== undefined) open(desk.onlyPatient);
          }}
        />
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} variant={creating ? 'filled' : 'light'} onClick={() => go({ nuevo: '1', paciente: null })}>
          {t('new_patient')}
        </Button>
      </Group>

      <Grid mt="lg" gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Box visibleFrom={detailOpen ? 'md' : undefined}>
            <DeskPatientResults {...desk.resultsProps} selectedId={selectedId} onSelect={(patient) => open(patient.id_paciente)} />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {detailOpen && (
            <Button hiddenFrom="md" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} mb="sm" onClick={() => go({ paciente: null, nuevo: null })}>
              {t('back_to_results')}
            </Button>
          )}
          {creating ? (
            <NewDeskPatientForm
              onCreated={(result) => {
                setCreated(result);
                open(result.paciente.id_paciente);
              }}
              onUseExisting={open}
              onCancel={() => go({ nuevo: null })}
            />
          ) : selectedId !== null ? (
            card.isPending ? (
              <Text role="status">{t('card_loading')}</Text>
            ) : card.isError ? (
              <Alert color="red" role="alert">
                {t('card_error')}
              </Alert>
            ) : (
              <DeskPatientCard
                card={card.data}
                notice={
                  created && created.paciente.id_paciente === selectedId ? (
                    <CreatedNotice name={fullName(created.paciente)} username={created.nombre_usuario} email={created.paciente.correo} />
                  ) : undefined
                }
              />
            )
          ) : null}
        </Grid.Col>
      </Grid>
    </Page>
  );
}
