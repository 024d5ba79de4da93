import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UltimaConsulta } from '../../../../../contracts/clinical-file.ts';
import { api } from '../../../lib/api.ts';

export const getLastConsultation = () => api<UltimaConsulta | null>('GET', '/paciente/ultima-consulta');

export const lastConsultationQuery = queryOptions({ queryKey: ['paciente', 'ultima-consulta'], queryFn: getLastConsultation });

export const useLastConsultation = () => useQuery(lastConsultationQuery);
