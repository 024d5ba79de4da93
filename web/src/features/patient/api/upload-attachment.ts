import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Archivo } from '../../../../../contracts/files.ts';
import { api } from '../../../lib/api.ts';
import { attachmentsQueryKey } from './list-attachments.ts';

export function uploadAttachment(file: File) {
  const form = new FormData();
  form.append('archivo', file, file.name);
  return api<Archivo>('POST', '/paciente/archivos', { body: form });
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentsQueryKey }),
  });
}
