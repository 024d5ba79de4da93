import { Alert, Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager.tsx';
import { useRecordAccesses } from '../api/audit.ts';
import { useClinic } from '../../../lib/clinic.ts';
import { sentenceOf } from '../format.ts';

const PAGE_SIZE = 20;

/** 'Quién ha consultado mi historia': the patient sees who opened their record and when. */
export default function RecordAccessesPage() {
  const { t, i18n } = useTranslation('audit');
  const clinic = useClinic();
  const [pagina, setPagina] = useState(1);
  const accesses = useRecordAccesses(pagina, PAGE_SIZE);
  return (
    <Container size="md" py="xl">
      <Title order={1}>{t('accesses_title')}</Title>
      <Text c="dimmed" mt="xs">
        {t('accesses_intro')}
      </Text>
      {accesses.isError && (
        <Alert color="red" mt="md" role="alert">
          {t('common:load_error')}
        </Alert>
      )}
      <Stack mt="lg">
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('accesses_title')}>
          {(accesses.data?.items ?? []).map((access, index) => (
            <Paper component="li" key={`${access.creado_en}-${index}`} withBorder radius="sm" px="md" py="xs">
              {access.urgente && (
                // Break the glass: marked so the patient notices it, with the reason given.
                <Badge
                  color="red.9"
                  variant="filled"
                  mb={4}
                  h="auto"
                  maw="100%"
                  styles={{ label: { overflow: 'visible', whiteSpace: 'normal', textOverflow: 'clip' } }}
                >
                  {t('urgent_badge')}
                </Badge>
              )}
              <Text>{sentenceOf(access, i18n, clinic.zona_horaria, 'patient')}</Text>
              {access.motivo && (
                <Text size="sm" mt={4} style={{ wordBreak: 'break-word' }}>
                  {t('urgent_reason', { reason: access.motivo })}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
        {accesses.data && accesses.data.items.length === 0 && <Text>{t('accesses_empty')}</Text>}
        <ListPager page={pagina} pageSize={PAGE_SIZE} total={accesses.data?.total ?? 0} onChange={setPagina} />
      </Stack>
    </Container>
  );
}
