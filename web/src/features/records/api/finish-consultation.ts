import type { Consulta, FinalizarConsulta } from '../../../../../contracts/consultations.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { recordKeys } from './keys.ts';

/** Completes a consultation (PUT /api/consultas/{id}/finalizar). */
export const finishConsultation = (id_consulta: number, body: FinalizarConsulta) =>
  api<Consulta>('PUT', `/consultas/${id_consulta}/finalizar`, { body });

export const useFinishConsultation = (id_paciente: number) =>
  useInvalidatingMutation(recordKeys.record(id_paciente), ({ id_consulta, body }: { id_consulta: number; body: FinalizarConsulta }) =>
    finishConsultation(id_consulta, body),
  );
