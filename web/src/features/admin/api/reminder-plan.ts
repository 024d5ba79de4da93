import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanRecordatorios } from '../../../../../contracts/notices.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['clinica', 'recordatorios'];

/** The clinic's reminder plan (GET /api/clinica/recordatorios). */
export function useReminderPlan() {
  return useQuery({ queryKey: KEY, queryFn: () => api<PlanRecordatorios>('GET', '/clinica/recordatorios') });
}

/** Replaces it (PUT /api/clinica/recordatorios). */
export function useSaveReminderPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanRecordatorios) => api<PlanRecordatorios>('PUT', '/clinica/recordatorios', { body: plan }),
    onSuccess: (plan) => queryClient.setQueryData(KEY, plan),
  });
}
