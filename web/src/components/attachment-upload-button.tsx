import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ARCHIVO, MAX_ARCHIVO_BYTES } from '../../../contracts/file-limits.ts';
import { ApiError } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

interface AttachmentUploadButtonProps {
  /** The upload of the patient's own file, or of a patient's record by their doctor. */
  upload: Pick<UseMutationResult<unknown, Error, File>, 'mutateAsync' | 'isPending'>;
  /** Where the texts live: its keys upload, upload_too_big, upload_success and upload_error. */
  namespace: string;
}

/** Picks a PDF, JPEG or PNG and uploads it; the server checks the real type and the quota. */
export function AttachmentUploadButton({ upload, namespace }: AttachmentUploadButtonProps) {
  const { t } = useTranslation(namespace);

  const onFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_ARCHIVO_BYTES) {
      notifyError(t('upload_too_big'));
      return;
    }
    try {
      await upload.mutateAsync(file);
      notifySuccess(t('upload_success', { name: file.name }));
    } catch (error) {
      notifyError(error instanceof ApiError && error.status < 500 ? error.message : t('upload_error'));
    }
  };

  return (
    <FileButton onChange={(file) => void onFile(file)} accept={ACCEPT_ARCHIVO}>
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconUpload size={18} aria-hidden />} loading={upload.isPending}>
          {t('upload')}
        </Button>
      )}
    </FileButton>
  );
}
