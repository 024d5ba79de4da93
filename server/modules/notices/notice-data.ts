import type { AppointmentMailRow } from '../reminders/index.ts';

/** Who made a change the patient is told about. */
export type ChangeActor = 'paciente' | 'doctor' | 'clinica';

/** A change of a visit that its patient (and sometimes its doctor) is told about. */
export type VisitChange =
  | { tipo: 'solicitada' | 'confirmada' | 'reservada_recepcion' | 'reservada_doctor' | 'no_presentada' | 'recordatorio' }
  | { tipo: 'rechazada'; motivo: string | null; /** The doctor is away that day. */ causa?: 'ausencia' }
  | { tipo: 'cancelada'; por: ChangeActor; motivo: string | null; /** The patient left the clinic: only the doctor is told. */ baja?: boolean; causa?: 'ausencia' | 'baja_doctor' }
  | { tipo: 'cambiada'; por: ChangeActor; antes: { fecha: string; hora: string }; motivo?: string | null }
  | { tipo: 'por_reubicar'; motivo: string | null };

export type PatientNoticeKind = VisitChange['tipo'];
export type DoctorNoticeKind = 'doctor_cancelada' | 'doctor_cambiada' | 'doctor_baja_paciente';
export type NoticeKind = PatientNoticeKind | DoctorNoticeKind;

/**
 * What a notice says, kept as it was at the change (the `datos` column): the visit's row at that
 * moment (its time, its calendar SEQUENCE) and the change.
 */
export interface NoticeData {
  visit: AppointmentMailRow;
  change: VisitChange;
  /** An SMS's number, in E.164. */
  telefono?: string;
}
