import { useSearchParams } from '../../../lib/router.tsx';
import { PatientChooser } from './patient-chooser.tsx';
import { RecordView } from './record-view.tsx';

/** The doctor's /medical-record: a patient chosen by ?paciente=<id>, or the list to choose from. */
export function DoctorRecord() {
  const [params] = useSearchParams();
  const id = Number(params.get('paciente'));
  return Number.isInteger(id) && id > 0 ? <RecordView key={id} idPaciente={id} /> : <PatientChooser />;
}
