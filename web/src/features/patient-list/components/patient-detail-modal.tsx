import { Badge, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PacienteLista } from '../../../../../contracts/users.ts';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { formatDate } from '../../../lib/format.ts';
import { Link } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { phoneForReading } from '../../../lib/clinic.ts';

/** 'Detalle del Paciente' (400px wide): the patient's contact data, registration date and status. */
export function PatientDetailModal({ patient, onClose }: { patient: PacienteLista | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('patient-list');
  const session = useSession();
  const empty = t('common:empty_value');
  const rows: [string, ReactNode][] = patient
    ? [
        [t('detail_name'), patient.nombre_completo],
        [t('detail_email'), patient.correo],
        [t('detail_phone'), patient.telefono ? phoneForReading(patient.telefono) : empty],
        [t('detail_address'), patient.direccion || empty],
        [t('detail_since'), formatDate(patient.fecha_alta, i18n.language)],
        [
          t('detail_status'),
          <Badge key="estado" color={patient.estado_actividad === 'Activo' ? 'teal.9' : 'gray.7'} variant="filled">
            {t(`status_${patient.estado_actividad}`)}
          </Badge>,
        ],
      ]
    : [];
  return (
    <Modal
      opened={patient !== null}
      onClose={onClose}
      title={t('detail_title')}
      size={400}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="sm">
        <DefinitionList items={rows.map(([label, value]) => ({ label, value }))} />
        <Group justify="flex-end">
          {/* What a doctor looks a patient up for; an admin does not read records. */}
          {patient && session?.payload.rol === 'doctor' && (
            <Button component={Link} to={`/medical-record?paciente=${patient.id_paciente}`}>
              {t('open_record')}
            </Button>
          )}
          <Button variant={session?.payload.rol === 'doctor' ? 'default' : 'filled'} onClick={onClose}>
            {t('common:close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
