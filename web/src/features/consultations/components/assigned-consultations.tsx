import { Anchor, Group, Loader, NativeSelect, Pagination, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { ESTADOS_CONSULTA } from '../../../../../contracts/consultations.ts';
import { ConsultationsTable } from '../../../components/clinical/consultations-table.tsx';
import { PAGE_SIZE, useConsultations } from '../api/get-consultations.ts';

/** The doctor's assigned consultations with the estado filter, paged on the server. */
export function AssignedConsultations() {
  const { t } = useTranslation('consultations');
  const [estado, setEstado] = useState('');
  const [pagina, setPagina] = useState(1);
  const list = useConsultations(estado, pagina);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="consultas-asignadas">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} size="h3" id="consultas-asignadas">
          {t('list_title')}
        </Title>
        <NativeSelect
          label={t('filter_estado')}
          value={estado}
          onChange={(event) => {
            setEstado(event.currentTarget.value);
            setPagina(1);
          }}
          data={[{ value: '', label: t('all_estados') }, ...ESTADOS_CONSULTA.map((value) => ({ value, label: t(`estado_${value}`) }))]}
        />
      </Group>
      {list.isPending ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : list.isError ? (
        <Text role="alert">{t('load_error')}</Text>
      ) : (
        <ConsultationsTable
          ns="consultations"
          rows={list.data.items}
          columns={['paciente', 'fecha', 'hora', 'motivo', 'estado']}
          minWidth={600}
          busy={list.isFetching}
          emptyRow={estado ? t('empty_filtered') : t('empty')}
          action={(consulta) => (
            <Anchor
              component={Link}
              to={`/medical-record?paciente=${consulta.id_paciente}`}
              aria-label={t('open_record_named', { patient: consulta.paciente_nombre })}
            >
              {t('open_record')}
            </Anchor>
          )}
        />
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={pagina} onChange={setPagina} aria-label={t('pagination')} />
        </Group>
      )}
    </Paper>
  );
}
