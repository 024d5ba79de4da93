import { Button, Group } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ModalActionsProps = {
  onCancel: () => void;
  submitLabel: ReactNode;
  pending: boolean;
  /** 'Cancelar' unless the modal says otherwise. */
  cancelLabel?: ReactNode;
  /** For a submit that takes something away. */
  color?: MantineColor;
};

/** A modal form's footer: the way out, then the submit button, busy while its request is in flight. */
export function ModalActions({ onCancel, submitLabel, pending, cancelLabel, color }: ModalActionsProps) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel ?? t('cancel')}
      </Button>
      <Button type="submit" color={color} loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
