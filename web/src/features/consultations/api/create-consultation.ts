import type { Consulta, CrearConsulta } from '../../../../../contracts/consultations.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { consultationKeys } from './keys.ts';

export const createConsultation = (body: CrearConsulta) => api<Consulta>('POST', '/consultas', { body });

export const useCreateConsultation = () => useInvalidatingMutation(consultationKeys.all, createConsultation);
