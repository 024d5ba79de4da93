import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Clinica, ClinicaCambio } from '../../../../../contracts/clinic.ts';
import { api } from '../../../lib/api.ts';
import { setClinic } from '../../../lib/clinic.ts';

export const getClinic = () => api<Clinica>('GET', '/clinica');

/** The clinic's identity as stored, for the 'Clínica' form. */
export function useClinicSettings() {
  return useQuery({ queryKey: ['clinica'], queryFn: getClinic });
}

/** Saving (fields, a new logo or none) updates the form and every page that names the clinic. */
function useClinicMutation<T>(send: (input: T) => Promise<Clinica>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (clinica) => {
      queryClient.setQueryData(['clinica'], clinica);
      setClinic(clinica);
    },
  });
}

export const useSaveClinic = () => useClinicMutation((change: ClinicaCambio) => api<Clinica>('PUT', '/clinica', { body: change }));

export const useUploadLogo = () =>
  useClinicMutation((file: File) => {
    const body = new FormData();
    body.append('archivo', file);
    return api<Clinica>('POST', '/clinica/logo', { body });
  });

export const useRemoveLogo = () => useClinicMutation(() => api<Clinica>('DELETE', '/clinica/logo'));
