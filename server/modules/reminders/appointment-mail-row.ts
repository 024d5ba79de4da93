import type { Kysely, Transaction } from 'kysely';
import type { Database, EstadoCita } from '../../db/schema/index.ts';

/** What an e-mail or a calendar file about an appointment shows: who, with whom, when (no medical content). */
export interface AppointmentMailRow {
  id_cita: number;
  fecha: string;
  hora: string;
  hora_fin: string;
  /** The slot's length in minutes: the visit ends that long after it starts, in real time. */
  duracion_min: number;
  estado: EstadoCita;
  secuencia: number;
  id_paciente: number;
  motivo_rechazo: string | null;
  paciente_nombre: string;
  paciente_apellido1: string;
  paciente_correo: string;
  paciente_idioma: 'es' | 'ca' | 'en';
  /** As the patient typed it; the SMS notices read it in E.164. */
  paciente_telefono?: string | null;
  doctor_nombre: string;
  doctor_apellido1: string;
  doctor_apellido2: string | null;
  doctor_correo: string;
  doctor_idioma: 'es' | 'ca' | 'en';
  especialidad_es: string;
  especialidad_ca: string;
  especialidad_en: string;
  /** The visit's type in each language, and what the patient should do before it ("Venga en ayunas"). */
  tipo_es?: string | null;
  tipo_ca?: string | null;
  tipo_en?: string | null;
  tipo_instrucciones?: string | null;
}

/**
 * Reads those rows by appointment id. The appointments module owns them and hands its reader in
 * (server/modules/index.ts), as it calls these notices and not the other way round.
 */
export type AppointmentMailRows = (db: Kysely<Database> | Transaction<Database>, ids: number[]) => Promise<AppointmentMailRow[]>;
