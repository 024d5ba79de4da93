import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SECCIONES, type Seccion } from '../../../../../contracts/records.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddEntry } from '../api/add-entry.ts';
import { useCorrectEntry } from '../api/correct-entry.ts';
import { asText, SECTION_FIELDS } from './section-fields.ts';

type Values = Record<string, string | boolean>;

interface EntryModalProps {
  idPaciente: number;
  section: Seccion;
  /** The entry to correct; a new entry when absent. */
  entry?: Record<string, unknown> | undefined;
  onClose: () => void;
}

/** Adds or corrects an entry of one section of the clinical file, validated by the shared schema. */
export function EntryModal({ idPaciente, section, entry, onClose }: EntryModalProps) {
  const { t } = useTranslation('records');
  const fields = SECTION_FIELDS[section];
  const add = useAddEntry(idPaciente, section);
  const correct = useCorrectEntry(idPaciente, section);
  const defaults: Values = Object.fromEntries(
    fields.map(({ name, kind }): [string, string | boolean] => {
      const value = entry?.[name];
      return [name, kind === 'checkbox' ? value === undefined || value === true : asText(value)];
    }),
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    // The section's schema checks the same rules as the server; its keys become messages here.
    resolver: zodResolver(SECCIONES[section].input) as unknown as Resolver<Values>,
    defaultValues: defaults,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const id = entry?.[SECCIONES[section].id];
      if (typeof id === 'number') await correct.mutateAsync({ id, body: values });
      else await add.mutateAsync(values);
      notifySuccess(t('entry_saved'));
      onClose();
    } catch {
      notifyError(t('entry_failed'));
    }
  });

  const title = entry ? t('correct_title', { section: t(`section_${section}`) }) : t(`add_${section}`);
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {fields.map(({ name, kind, required }) => {
            const label = t(`field_${name}`);
            const error = validationText(errors[name]?.message);
            if (kind === 'checkbox') return <Checkbox key={name} label={label} {...register(name)} />;
            if (kind === 'textarea') return <Textarea key={name} label={label} autosize minRows={2} maxLength={1000} error={error} {...register(name)} />;
            return (
              <TextInput
                key={name}
                label={label}
                type={kind === 'date' ? 'date' : kind === 'number' ? 'number' : 'text'}
                required={required}
                error={error}
                {...(kind === 'number' ? { min: 0, max: 100 } : { maxLength: 200 })}
                {...register(name)}
              />
            );
          })}
          <ModalActions onCancel={onClose} submitLabel={t('common:save')} pending={add.isPending || correct.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
