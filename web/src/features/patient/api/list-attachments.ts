import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Archivo } from '../../../../../contracts/files.ts';
import { api } from '../../../lib/api.ts';

export const attachmentsQueryKey = ['paciente', 'archivos'] as const;

export const listAttachments = () => api<Archivo[]>('GET', '/paciente/archivos');

export const attachmentsQuery = queryOptions({ queryKey: attachmentsQueryKey, queryFn: listAttachments });

export const useAttachments = () => useQuery(attachmentsQuery);
