import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { EstadoCita } from '../../../contracts/appointment-states.ts';
import type { EstadoConsulta, TipoConsulta } from '../../../contracts/consultation-types.ts';
import type { ListaEsperaHuecosTable, ListaEsperaTable, OfertasEsperaTable } from './waitlist.ts';

export type { EstadoCita, EstadoConsulta, TipoConsulta };

// Dates are ISO text (YYYY-MM-DD, HH:MM, or full timestamps) and booleans are 0/1 integers,
// so one query runs unchanged on SQLite and PostgreSQL.

export type Rol = 'paciente' | 'doctor' | 'admin' | 'recepcion';

export interface UsuariosTable {
  id_usuario: Generated<number>;
  nombre_usuario: string;
  correo: string;
  contrasena_hash: string;
  rol: Rol;
  nombre: string;
  apellido1: string;
  apellido2: string | null;
  dni: string | null;
  nacimiento: string | null;
  sexo: 'M' | 'F' | null;
  telefono: string | null;
  direccion: string | null;
  codigo_postal: string | null;
  localidad: string | null;
  provincia: string | null;
  pais: string | null;
  idioma: 'es' | 'ca' | 'en';
  /** Lower-case, accent-free name, surnames, username and e-mail: what searches match. */
  busqueda: string;
  /** Moves on whenever all of the account's sessions end; standing secrets made before stop working. */
  version_token: Generated<number>;
  activo: Generated<number>;
  eliminado_en: string | null;
  creado_en: string;
}

export interface PacientesTable {
  id_paciente: Generated<number>;
  id_usuario: number;
  estado: 'Activo' | 'Inactivo';
  fecha_alta: string;
  /** The address the patient signed up from (migration 103); null when staff registered them. */
  ip_registro: string | null;
}

export interface EspecialidadesTable {
  id_especialidad: Generated<number>;
  codigo: string;
  nombre: string;
  nombre_ca: string;
  nombre_en: string;
}

export interface DoctoresTable {
  id_doctor: Generated<number>;
  id_usuario: number;
  numero_colegiado: string;
  id_especialidad: number;
  horario: string | null;
  estado: 'Activo' | 'Inactivo';
  fecha_alta: string;
  fecha_baja: string | null;
  creado_automaticamente: number;
  intervalo_min: Generated<number>;
}

export interface AgendaTable {
  id_agenda: Generated<number>;
  id_doctor: number;
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
  duracion_min: number;
  tipo: 'Consulta' | 'Bloqueo';
  estado: 'Disponible' | 'Reservado' | 'Bloqueado';
  descripcion: string | null;
}


export interface CitasTable {
  id_cita: Generated<number>;
  id_paciente: number;
  id_doctor: number;
  id_agenda: number;
  fecha: string;
  hora: string;
  motivo: string;
  recordatorio: number;
  estado: EstadoCita;
  creado_en: string;
  actualizado_en: string;
  /** Who cancelled a Cancelada visit: the patient, the doctor (a rejection) or the clinic. */
  cancelada_por: 'paciente' | 'doctor' | 'clinica' | null;
  /** Why the doctor rejected the request, shown to the patient. */
  motivo_rechazo: string | null;
  /** Grows when the visit moves or is cancelled: the SEQUENCE of its calendar entries (migration 023). */
  secuencia: Generated<number>;
  /** Whether the patient came, once the visit's time has passed (migration 026): null until the doctor says. */
  asistencia: 'Asistió' | 'No presentado' | null;
  /** Why the front desk booked it past the patient's caps (migration 063); null when within them. */
  limite_forzado: string | null;
  /** When the desk checked the patient in, and when the doctor called them in (migration 062). */
  llegada_en: string | null;
  en_consulta_en: string | null;
  /** 1: an extra visit the desk added outside the agenda's slots (migration 062). */
  extra: Generated<number>;
  /** Set while the visit falls on a closed day or inside its doctor's absence and waits for the desk to relocate it (migration 064). */
  reubicar_causa: 'cierre' | 'ausencia' | null;
  /** The closure's or absence's id, and its reason. */
  reubicar_ref: number | null;
  reubicar_motivo: string | null;
  /** When the patient said from a reminder's link that they will come (migration 072). */
  confirmada_paciente_en: string | null;
  /** The visit's type (tipos_visita) and the minutes it holds, its buffer included (migration 095). */
  id_tipo_visita: number | null;
  duracion_min: number | null;
  /** 1: a no-show of a visit booked on its own day, which counts only while undisputed (migration 103). */
  reservada_en_su_dia: Generated<number>;
  /** The patient's dispute of a no-show: their reason and when. */
  disputa_motivo: string | null;
  disputada_en: string | null;
}

export type ReservaTipoVisita = 'todos' | 'pacientes_doctor' | 'personal';

export interface TiposVisitaTable {
  id_tipo: Generated<number>;
  /** The consultation type it stands for ('Consulta', 'Revisión', 'Urgencia'); null for the clinic's own. */
  clave: string | null;
  nombre_es: string;
  nombre_ca: string;
  nombre_en: string;
  duracion_min: number;
  color: string;
  reserva: ReservaTipoVisita;
  instrucciones: string | null;
  margen_min: Generated<number>;
  activo: Generated<number>;
  creado_en: string;
  actualizado_en: string;
}

export interface TiposVisitaDoctorTable {
  id_doctor: number;
  id_tipo: number;
  /** The doctor's own length for it; null: the catalogue's. */
  duracion_min: number | null;
}

/** The slots after the first that a visit longer than one slot holds. */
export interface CitasHuecosTable {
  id_agenda: number;
  id_cita: number;
}


export interface ConsultasTable {
  id_consulta: Generated<number>;
  id_paciente: number;
  id_doctor: number;
  id_cita: number | null;
  fecha: string;
  hora: string;
  tipo: TipoConsulta;
  motivo: string;
  descripcion: string | null;
  diagnostico: string | null;
  recomendaciones: string | null;
  estado: EstadoConsulta;
  creado_en: string;
  finalizada_en: string | null;
}

interface ClinicalEntry {
  id_paciente: number;
  creado_por: number | null;
  creado_en: string;
}

export interface AlergiasTable extends ClinicalEntry {
  id_alergia: Generated<number>;
  nombre: string;
  fecha_diagnostico: string | null;
  observaciones: string | null;
}

export interface EnfermedadesTable extends ClinicalEntry {
  id_enfermedad: Generated<number>;
  nombre: string;
  tipo: string | null;
  fecha_diagnostico: string | null;
  observaciones: string | null;
  activa: number;
}

export interface DiscapacidadesTable extends ClinicalEntry {
  id_discapacidad: Generated<number>;
  tipo: string;
  porcentaje: number | null;
  fecha_diagnostico: string | null;
  descripcion: string | null;
}

export interface HabitosTable extends ClinicalEntry {
  id_habito: Generated<number>;
  nombre: string;
  frecuencia: string | null;
  duracion: string | null;
  observaciones: string | null;
}

export interface VacunasTable extends ClinicalEntry {
  id_vacuna: Generated<number>;
  nombre: string;
  fecha_aplicacion: string | null;
  dosis: string | null;
  descripcion: string | null;
}

export interface ArchivosTable {
  id_archivo: Generated<number>;
  id_paciente: number;
  nombre: string;
  tipo: string;
  tamano: number;
  /** Where the bytes are kept, relative to the attachments folder; never shown to clients. */
  ruta: string;
  fecha_subida: string;
  subido_por: number | null;
}

export interface ChatsTable {
  id_chat: Generated<number>;
  id_usuario: number;
  nombre_chat: string;
  creado_en: string;
  actualizado_en: string;
}

export interface MensajesChatTable {
  id_mensaje: Generated<number>;
  id_chat: number;
  rol: 'user' | 'assistant';
  contenido: string;
  creado_en: string;
  /** An answer's kind (respuesta, emergencia, error); null for questions and older answers. */
  tipo: 'respuesta' | 'emergencia' | 'error' | null;
}

export interface MensajesContactoTable {
  id_mensaje: Generated<number>;
  nombre: string;
  correo: string;
  mensaje: string;
  creado_en: string;
}

export interface AuditoriaTable {
  id_auditoria: Generated<number>;
  id_usuario: number | null;
  rol: string | null;
  id_paciente: number | null;
  accion: string;
  detalle: string | null;
  ip: string | null;
  creado_en: string;
}

export interface RecordatoriosTable {
  id_recordatorio: Generated<number>;
  id_cita: number;
  enviar_en: string;
  estado: 'pendiente' | 'enviado' | 'cancelado' | 'fallido';
  intentos: Generated<number>;
  reservado_hasta: string | null;
  enviado_en: string | null;
}

/** A doctor's stated reason to open the record of a patient they do not treat. */
export interface AccesosUrgentesTable {
  id_acceso: Generated<number>;
  id_doctor: number;
  id_paciente: number;
  motivo: string;
  creado_en: string;
  caduca_en: string;
}

/** A pending or sent notice to a doctor of a new request, grouped per doctor. */
export interface AvisosSolicitudTable {
  id_aviso: Generated<number>;
  id_cita: number;
  id_doctor: number;
  creado_en: string;
  enviar_en: string;
  estado: 'pendiente' | 'enviado' | 'cancelado' | 'fallido';
  intentos: Generated<number>;
  reservado_hasta: string | null;
  enviado_en: string | null;
}

/** A password reset link: only the hash of its token is stored. */
export interface RestablecimientosContrasenaTable {
  id_restablecimiento: Generated<number>;
  id_usuario: number;
  hash_token: string;
  creado_en: string;
  caduca_en: string;
  usado_en: string | null;
}

/** A doctor's calendar subscription address: only the hash of its token is stored. */
/** A burst of break-the-glass openings by one doctor (migration 104). */
export interface AlertasAccesoUrgenteTable {
  id_alerta: Generated<number>;
  id_doctor: number;
  aperturas: number;
  desde: string;
  hasta: string;
}

export interface EnlacesCalendarioTable {
  id_enlace: Generated<number>;
  id_doctor: number;
  hash_token: string;
  creado_en: string;
  revocado_en: string | null;
  /** The account's version_token when made: the address works only while the account keeps it. */
  version_token: Generated<number>;
}

/** Every account's lower-cased e-mail and username, one namespace (migration 051). */
export interface IdentificadoresTable {
  identificador: string;
  id_usuario: number;
}

/** An account's second factor (migration 053): the encrypted TOTP secret; activo 0 while enrolling. */
export interface SegundosFactoresTable {
  id_usuario: number;
  secreto_cifrado: string;
  activo: Generated<number>;
  /** The time step of the last accepted code (replays of it or older are refused). */
  ultimo_paso: number | null;
  creado_en: string;
  activado_en: string | null;
}

/** Single-use recovery codes, hashed (migration 053). */
export interface CodigosRecuperacionTable {
  id_codigo: Generated<number>;
  id_usuario: number;
  hash_codigo: string;
  usado_en: string | null;
}

/** The ticket a right password earns while a code is still needed (migration 053), hashed. */
export interface TicketsSegundoFactorTable {
  hash_ticket: string;
  id_usuario: number;
  caduca_en: string;
  intentos: Generated<number>;
}

/** Why a session ended (migration 052). */
export type MotivoFinSesion = 'salida' | 'usuario' | 'contrasena' | 'admin' | 'cuenta' | 'inactividad';

/** One log-in on one device (migration 052). */
export interface SesionesTable {
  id_sesion: string;
  id_usuario: number;
  creada_en: string;
  caduca_en: string;
  ultimo_uso: string;
  dispositivo: string | null;
  direccion: string | null;
  terminada_en: string | null;
  motivo: MotivoFinSesion | null;
  /** 1 when the session was opened through the second factor, or enrolled in it (migration 055). */
  segundo_factor: number;
}

/** Active accounts per role, kept by triggers on usuarios (migration 081). */
export interface CuentasActivasTable {
  rol: Rol;
  total: number;
}

/** The clinic's identity: one row, id_clinica = 1 (contracts/clinic.ts). */
export interface ClinicaTable {
  id_clinica: number;
  nombre: string;
  razon_social: string;
  nif: string;
  direccion: string;
  codigo_postal: string;
  localidad: string;
  telefono: string;
  correo: string;
  correo_privacidad: string;
  web: string;
  horario: string;
  logo_tipo: string | null;
  logo_base64: string | null;
  logo_hash: string | null;
  actualizado_en: string;
}

/** A range of a doctor's weekly hours (migration 024); dia_semana 1 Monday ... 7 Sunday. */
export interface HorariosSemanalesTable {
  id_horario: Generated<number>;
  id_doctor: number;
  dia_semana: number;
  hora_inicio: string;
  hora_fin: string;
  duracion_min: number;
  vigente_desde: string;
}

/** A version of a doctor's weekly hours: its rows of horarios_semanales apply from `vigente_desde` (none: no hours then). */
export interface HorariosVigenciasTable {
  id_doctor: number;
  vigente_desde: string;
}

/** A day of a doctor's agenda the generator dealt with ('semanal') or the doctor changed by hand ('manual'). */
export interface DiasAgendaTable {
  id_doctor: number;
  fecha: string;
  origen: 'semanal' | 'manual';
  creado_en: string;
}

/** A doctor's absence (migration 025); null hours mean whole days. */
export interface AusenciasTable {
  id_ausencia: Generated<number>;
  id_doctor: number;
  fecha_inicio: string;
  fecha_fin: string;
  hora_inicio: string | null;
  hora_fin: string | null;
  motivo: string;
  creado_en: string;
}

/** A closure of the whole clinic (migration 064): every doctor's agenda is closed from fecha_inicio to fecha_fin. */
export interface CierresClinicaTable {
  id_cierre: Generated<number>;
  fecha_inicio: string;
  fecha_fin: string;
  motivo: string;
  creado_en: string;
}

/** The clinic's own holiday list (migration 064): a local holiday, or a public one it opens on. */
export interface FestivosClinicaTable {
  fecha: string;
  tipo: 'local' | 'abierto';
  nombre: string;
  creado_en: string;
}

/** The clinic's booking rules: one row, id_reglas = 1 (migration 013, contracts/booking-rules.ts). */
export interface ReglasReservaTable {
  id_reglas: number;
  antelacion_reserva_min: number;
  horizonte_dias: number;
  antelacion_cancelacion_min: number;
  /** Null: MAX_ACTIVE_VISITS_PER_PATIENT until an admin saves a value. */
  max_citas_activas: number | null;
  /** Null: MAX_VISITS_PER_DOCTOR_DAY until an admin saves a value. */
  max_citas_doctor_dia: number | null;
  limite_no_presentados: number;
  actualizado_en: string;
}

/** A message about a visit to its patient or doctor, and what became of it (migration 070). */
export interface NotificacionesTable {
  id_notificacion: Generated<number>;
  id_cita: number;
  destinatario: 'paciente' | 'doctor';
  canal: 'email' | 'sms';
  tipo: string;
  datos: string;
  estado: 'pendiente' | 'enviado' | 'entregado' | 'fallido' | 'respondido' | 'cancelado';
  intentos: Generated<number>;
  enviar_en: string;
  reservado_hasta: string | null;
  id_pasarela: string | null;
  error: string | null;
  creado_en: string;
  enviado_en: string | null;
  actualizado_en: string;
}

/** One step of the clinic's reminder plan (migration 105). */
export interface PlanRecordatoriosTable {
  orden: number;
  canal: 'email' | 'sms';
  horas_antes: number;
}

/** A patient's own switches for reminder e-mails and for SMS (migration 105); no row: both on. */
export interface AvisosPacienteTable {
  id_paciente: number;
  recordatorio_correo: number;
  avisos_sms: number;
  actualizado_en: string;
}

/** A stored phone number migration 107 could not read as a number, kept as it was. */
export interface TelefonosSinConvertirTable {
  id_usuario: number;
  telefono: string;
  creado_en: string;
}

/** A phone number that answered "BAJA" (migration 071). */
export interface SmsBajasTable {
  telefono: string;
  creado_en: string;
}

/** A one-tap link already used (migration 072): its signature, visit and action. */
export interface EnlacesUsadosTable {
  firma: string;
  id_cita: number;
  accion: string;
  usado_en: string;
}

export interface Database {
  reglas_reserva: ReglasReservaTable;
  clinica: ClinicaTable;
  usuarios: UsuariosTable;
  cuentas_activas: CuentasActivasTable;
  pacientes: PacientesTable;
  especialidades: EspecialidadesTable;
  doctores: DoctoresTable;
  agenda: AgendaTable;
  citas: CitasTable;
  consultas: ConsultasTable;
  alergias: AlergiasTable;
  enfermedades: EnfermedadesTable;
  discapacidades: DiscapacidadesTable;
  habitos: HabitosTable;
  vacunas: VacunasTable;
  archivos: ArchivosTable;
  chats: ChatsTable;
  mensajes_chat: MensajesChatTable;
  mensajes_contacto: MensajesContactoTable;
  auditoria: AuditoriaTable;
  recordatorios: RecordatoriosTable;
  notificaciones: NotificacionesTable;
  sms_bajas: SmsBajasTable;
  plan_recordatorios: PlanRecordatoriosTable;
  avisos_paciente: AvisosPacienteTable;
  telefonos_sin_convertir: TelefonosSinConvertirTable;
  enlaces_usados: EnlacesUsadosTable;
  restablecimientos_contrasena: RestablecimientosContrasenaTable;
  identificadores: IdentificadoresTable;
  enlaces_calendario: EnlacesCalendarioTable;
  segundos_factores: SegundosFactoresTable;
  codigos_recuperacion: CodigosRecuperacionTable;
  tickets_segundo_factor: TicketsSegundoFactorTable;
  accesos_urgentes: AccesosUrgentesTable;
  alertas_acceso_urgente: AlertasAccesoUrgenteTable;
  avisos_solicitud: AvisosSolicitudTable;
  sesiones: SesionesTable;
  horarios_semanales: HorariosSemanalesTable;
  horarios_vigencias: HorariosVigenciasTable;
  dias_agenda: DiasAgendaTable;
  ausencias: AusenciasTable;
  cierres_clinica: CierresClinicaTable;
  festivos_clinica: FestivosClinicaTable;
  lista_espera: ListaEsperaTable;
  ofertas_espera: OfertasEsperaTable;
  lista_espera_huecos: ListaEsperaHuecosTable;
  tipos_visita: TiposVisitaTable;
  tipos_visita_doctor: TiposVisitaDoctorTable;
  citas_huecos: CitasHuecosTable;
}

export type Usuario = Selectable<UsuariosTable>;
export type NuevoUsuario = Insertable<UsuariosTable>;
export type CambioUsuario = Updateable<UsuariosTable>;
