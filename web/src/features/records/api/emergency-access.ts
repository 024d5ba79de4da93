import type { AccesoUrgenteInput } from '../../../../../contracts/records.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { recordKeys } from './keys.ts';

/** Break the glass: states the reason to open a record (POST /api/pacientes/{id}/acceso-urgente). */
export const declareEmergencyAccess = (id_paciente: number, body: AccesoUrgenteInput) =>
  api<{ caduca_en: string }>('POST', `/pacientes/${id_paciente}/acceso-urgente`, { body });

export const useDeclareEmergencyAccess = (id_paciente: number) =>
  useInvalidatingMutation(recordKeys.record(id_paciente), (body: AccesoUrgenteInput) => declareEmergencyAccess(id_paciente, body));
