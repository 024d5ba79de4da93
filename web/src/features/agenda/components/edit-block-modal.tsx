import { Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ESTADOS_EDITABLES, TIPOS_BLOQUE, type Bloque } from '../../../../../contracts/agenda.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { submitWith } from '../../../lib/submit-with.ts';
import { useUpdateBlock } from '../api/update-block.ts';

type Tipo = (typeof TIPOS_BLOQUE)[number];
type Estado = (typeof ESTADOS_EDITABLES)[number];

/** 'Editar Bloque': tipo Consulta/Bloqueo, estado Disponible/Bloqueado and the description of a blocked slot. */
export function EditBlockModal({ block, onClose }: { block: Bloque; onClose: () => void }) {
  const { t } = useTranslation('agenda');
  const update = useUpdateBlock();
  const [tipo, setTipo] = useState<Tipo>(block.tipo);
  const [estado, setEstado] = useState<Estado>(block.estado === 'Disponible' ? 'Disponible' : 'Bloqueado');
  const [descripcion, setDescripcion] = useState(block.descripcion ?? '');

  const save = async () => {
    if (tipo === block.tipo && estado === block.estado && descripcion.trim() === (block.descripcion ?? '')) {
      notifyInfo(t('no_changes'));
      return;
    }
    try {
      await update.mutateAsync({ id_agenda: block.id_agenda, tipo, estado, descripcion: descripcion.trim() || undefined });
      notifySuccess(t('saved'));
      onClose();
    } catch {
      notifyError(t('save_failed'));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('edit_title')} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form noValidate onSubmit={submitWith(save)}>
        <Stack>
          <Text>{t('edit_slot', { start: block.hora_inicio.slice(0, 5), end: block.hora_fin.slice(0, 5) })}</Text>
          <NativeSelect
            label={t('type')}
            value={tipo}
            onChange={(event) => setTipo(event.currentTarget.value as Tipo)}
            data={TIPOS_BLOQUE.map((value) => ({ value, label: t(`tipo_${value}`) }))}
          />
          <NativeSelect
            label={t('status')}
            value={estado}
            onChange={(event) => setEstado(event.currentTarget.value as Estado)}
            data={ESTADOS_EDITABLES.map((value) => ({ value, label: t(`estado_${value}`) }))}
          />
          <Textarea label={t('description')} maxLength={200} value={descripcion} onChange={(event) => setDescripcion(event.currentTarget.value)} />
          <ModalActions onCancel={onClose} submitLabel={t('common:save')} pending={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
