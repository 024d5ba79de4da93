import type { AltaRecepcion, AltaRecepcionRespuesta, CandidatoDuplicado } from '../../../../../contracts/desk-patients.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export type RegistrationOutcome = { kind: 'created'; result: AltaRecepcionRespuesta } | { kind: 'duplicates'; candidatos: CandidatoDuplicado[] };

/** Registers a caller; likely duplicates come back as an outcome to show, not as an error. */
export async function registerDeskPatient(body: AltaRecepcion): Promise<RegistrationOutcome> {
  try {
    return { kind: 'created', result: await api<AltaRecepcionRespuesta>('POST', '/recepcion/pacientes', { body }) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'posible_duplicado' && Array.isArray(error.body.candidatos)) {
      return { kind: 'duplicates', candidatos: error.body.candidatos as CandidatoDuplicado[] };
    }
    throw error;
  }
}

export function useRegisterDeskPatient() {
  return useInvalidatingMutation(['recepcion-pacientes'], registerDeskPatient);
}
