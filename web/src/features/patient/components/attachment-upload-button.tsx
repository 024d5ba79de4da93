import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ARCHIVO, MAX_ARCHIVO_BYTES } from '../../../../../contracts/files.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUploadAttachment } from '../api/upload-attachment.ts';

/** Picks a PDF, JPEG or PNG and uploads it to the own file; the server checks the real type. */
export function AttachmentUploadButton() {
  const { t } = useTranslation('patient');
  const upload = useUploadAttachment();

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
