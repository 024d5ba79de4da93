import { CLINICA_POR_DEFECTO, type Clinica } from '../../contracts/clinic.ts';
import type { MisDatos } from '../../contracts/data-export.ts';
import type { Language } from '../../contracts/messages/index.ts';
import type { MailMessage } from '../lib/mail.ts';
import { loginAlertMail } from '../modules/auth/login-alert.mail.ts';
import { passwordChangedMail, resetLinkMail } from '../modules/auth/password-reset.mail.ts';
import type { ResetAccount } from '../modules/auth/password-reset.repository.ts';
import { renderDataExportPdf } from '../modules/data-export/data-export-pdf.ts';
import { renderHistoryPdf } from '../modules/patients/history-pdf.ts';
import {
  appointmentIcs,
  bookingNoticeMail,
  feedTexts,
  groupedNoticeMail,
  type MailContext,
} from '../modules/reminders/reminders.mail.ts';
import type { AppointmentMailRow } from '../modules/reminders/index.ts';
import { doctorNoticeMail, patientNoticeMail } from '../modules/notices/notices.mail.ts';
import { noticeSms } from '../modules/notices/notices.sms.ts';
import type { NoticeData } from '../modules/notices/notice-data.ts';
import { goneMail, offerMail } from '../modules/waitlist/waitlist.mail.ts';
import type { OfferRow } from '../modules/waitlist/waitlist.repository.ts';

/**
 * Every e-mail, PDF and calendar text the server writes, rendered for one language with made-up
 * rows that reach every optional line: what the locale tests read to find a missing text.
 */

const clinic: Clinica = {
  ...CLINICA_POR_DEFECTO,
  logo_url: null,
  zona_horaria: 'Europe/Madrid',
  actualizado_en: '2026-01-01T00:00:00.000Z',
};
const mailContext: MailContext = {
  timeZone: 'Europe/Madrid',
  publicUrl: 'https://galeno.example.es',
  now: new Date('2026-03-02T08:00:00Z'),
  clinic,
};

function appointmentRow(language: Language, overrides: Partial<AppointmentMailRow> = {}): AppointmentMailRow {
  return {
    id_cita: 41,
    fecha: '2026-03-09',
    hora: '09:30:00',
    hora_fin: '09:45:00',
    duracion_min: 15,
    estado: 'pendiente',
    secuencia: 2,
    id_paciente: 7,
    motivo_rechazo: 'Agenda llena\nese día',
    paciente_nombre: 'Núria',
    paciente_apellido1: 'Puig',
    paciente_correo: 'nuria@example.es',
    paciente_idioma: language,
    doctor_nombre: 'Laura',
    doctor_apellido1: 'Martín',
    doctor_apellido2: 'Soler',
    doctor_correo: 'laura@example.es',
    doctor_idioma: language,
    especialidad_es: 'Cardiología',
    especialidad_ca: 'Cardiologia',
    especialidad_en: 'Cardiology',
    ...overrides,
  };
}

function offerRow(language: Language): OfferRow {
  return {
    id_oferta: 3,
    id_entrada: 5,
    id_agenda: 11,
    id_tipo_visita: null,
    estado: 'enviada',
    caduca_en: '2026-03-02T18:30:00.000Z',
    entrada_estado: 'activa',
    id_paciente: 7,
    paciente_nombre: 'Núria',
    paciente_correo: 'nuria@example.es',
    paciente_idioma: language,
    id_doctor: 2,
    fecha: '2026-03-10',
    hora_inicio: '10:00:00',
    hora_fin: '10:15:00',
    doctor_nombre: 'Laura',
    doctor_apellido1: 'Martín',
    doctor_apellido2: null,
    especialidad_es: 'Cardiología',
    especialidad_ca: 'Cardiologia',
    especialidad_en: 'Cardiology',
  };
}

function resetAccount(language: Language): ResetAccount {
  return {
    id_usuario: 9,
    nombre_usuario: 'nuria.puig',
    correo: 'nuria@example.es',
    nombre: 'Núria',
    rol: 'paciente',
    idioma: language,
    id_paciente: 7,
  };
}

const recorded = { creado_en: '2026-01-10T09:00:00.000Z', registrado_por: 'Laura Martín' };

function exportData(language: Language): MisDatos {
  return {
    formato: 'galeno.mis-datos',
    version: 1,
    generado_en: '2026-03-02T08:00:00.000Z',
    cuenta: {
      id_usuario: 9,
      nombre_usuario: 'nuria.puig',
      correo: 'nuria@example.es',
      rol: 'paciente',
      idioma: language,
      activo: true,
      creado_en: '2025-11-03T10:00:00.000Z',
      restablecimientos_contrasena: [
        { creado_en: '2026-01-05T10:00:00.000Z', caduca_en: '2026-01-05T11:00:00.000Z', usado_en: '2026-01-05T10:10:00.000Z' },
        { creado_en: '2026-02-05T10:00:00.000Z', caduca_en: '2026-02-05T11:00:00.000Z', usado_en: null },
      ],
    },
    paciente: {
      id_paciente: 7,
      usuario: {
        nombre: 'Núria',
        apellido1: 'Puig',
        apellido2: 'Vidal',
        correo: 'nuria@example.es',
        dni: '12345678Z',
        nacimiento: '1990-04-12',
        sexo: 'F',
        telefono: '600000000',
        direccion: {
          direccion: 'Carrer Major 1',
          codigo_postal: '08001',
          localidad: 'Barcelona',
          provincia: 'Barcelona',
          pais: 'España',
        },
      },
      estado: 'Activo',
      fecha_alta: '2025-11-03',
    },
    ficha: {
      alergias: [{ id_alergia: 1, nombre: 'Penicilina', fecha_diagnostico: '2010-05-01', observaciones: 'Urticaria', ...recorded }],
      enfermedades: [
        { id_enfermedad: 1, nombre: 'Asma', tipo: 'Crónica', fecha_diagnostico: '2005-01-01', observaciones: 'Leve', activa: true, ...recorded },
        { id_enfermedad: 2, nombre: 'Gripe', tipo: null, fecha_diagnostico: null, observaciones: null, activa: false, ...recorded },
      ],
      discapacidades: [
        { id_discapacidad: 1, tipo: 'Visual', porcentaje: 33, fecha_diagnostico: '2015-02-02', descripcion: 'Miopía', ...recorded },
        { id_discapacidad: 2, tipo: 'Auditiva', porcentaje: null, fecha_diagnostico: null, descripcion: null, ...recorded },
      ],
      habitos: [{ id_habito: 1, nombre: 'Correr', frecuencia: 'Semanal', duracion: '1 h', observaciones: 'Mañanas', ...recorded }],
      vacunas: [],
    },
    consultas: [
      {
        id_consulta: 1,
        id_cita: 40,
        fecha: '2026-02-01',
        hora: '09:00',
        tipo: 'Revisión',
        estado: 'finalizada',
        doctor: 'Laura Martín',
        especialidad: 'Cardiología',
        motivo: 'Control',
        descripcion: 'Todo bien',
        diagnostico: 'Sano',
        recomendaciones: 'Caminar',
        creado_en: '2026-02-01T08:00:00.000Z',
        finalizada_en: '2026-02-01T08:30:00.000Z',
      },
    ],
    citas: [
      {
        id_cita: 41,
        fecha: '2026-03-09',
        hora: '09:30',
        doctor: 'Laura Martín',
        especialidad: 'Cardiología',
        motivo: 'Revisión',
        estado: 'pendiente',
        recordatorio: true,
        aviso: { estado: 'pendiente', enviar_en: '2026-03-08T09:30:00.000Z', enviado_en: null },
        creado_en: '2026-03-01T08:00:00.000Z',
        actualizado_en: '2026-03-01T08:00:00.000Z',
      },
    ],
    archivos: [{ id_archivo: 1, nombre: 'analitica.pdf', tipo: 'application/pdf', tamano: 2048, fecha_subida: '2026-02-01T10:00:00.000Z', url: '/api/archivos/1' }],
    conversaciones: [
      {
        id_chat: 1,
        nombre_chat: 'Dolor de cabeza',
        creado_en: '2026-02-10T10:00:00.000Z',
        actualizado_en: '2026-02-10T10:05:00.000Z',
        mensajes: [
          { rol: 'user', contenido: 'Me duele la cabeza', creado_en: '2026-02-10T10:00:00.000Z' },
          { rol: 'assistant', contenido: 'Descansa y bebe agua', creado_en: '2026-02-10T10:00:05.000Z' },
        ],
      },
    ],
    auditoria: [
      { creado_en: '2026-02-01T08:00:00.000Z', quien: 'Laura Martín', sexo: 'F', propio: false, rol: 'doctor', accion: 'ficha.ver', detalle: null, ip: null },
      { creado_en: '2026-02-01T08:10:00.000Z', quien: 'Laura Martín', sexo: 'F', propio: false, rol: 'doctor', accion: 'ficha.ver', detalle: null, ip: null },
    ],
  };
}

export interface RenderedDocument {
  name: string;
  /** Every text it shows: subject and body of an e-mail, the words of a PDF, the lines of an .ics. */
  text: string;
  pdf?: Buffer;
}

const mail = (name: string, message: MailMessage): RenderedDocument => ({
  name,
  text: [
    message.subject,
    message.text,
    ...(message.attachments ?? []).map((attachment) => String(attachment.content)),
  ].join('\n'),
});

/** Every document in one language; PDFs as bytes too (their words are read with `pdfText`). */
export async function renderEveryDocument(language: Language): Promise<RenderedDocument[]> {
  const confirmed = appointmentRow(language, { estado: 'Confirmada', motivo_rechazo: null });
  const pending = appointmentRow(language);
  const feed = feedTexts(language);
  const letterhead = { clinic };
  const dataExport = await renderDataExportPdf(exportData(language), {
    language,
    timeZone: 'Europe/Madrid',
    letterhead,
  });
  const historyInput = {
    language,
    patient: { nombre: 'Núria Puig Vidal', dni: '12345678Z', nacimiento: '1990-04-12' },
    stats: { total: 1, ultima_consulta: '2026-02-01', tipo_mas_frecuente: 'Revisión' as const },
    items: [
      {
        id_consulta: 1,
        fecha: '2026-02-01',
        hora: '09:00',
        consulta: 'Revisión' as const,
        descripcion: 'Todo bien',
        doctor: 'Laura Martín',
        paciente: 'Núria Puig Vidal',
        motivo: 'Control',
        estado: 'finalizada' as const,
      },
    ],
    generatedAt: { fecha: '2026-03-02', hora: '09:00' },
    letterhead,
  };
  const history = await renderHistoryPdf({ ...historyInput, filters: { tipo: 'rev', fecha: '2026', desde: '2026-01-01' } });
  const emptyHistory = await renderHistoryPdf({ ...historyInput, filters: {}, items: [] });
  const typed = { ...confirmed, tipo_es: 'Análisis', tipo_ca: 'Anàlisi', tipo_en: 'Blood test', tipo_instrucciones: 'Venga en ayunas' };
  const links = { confirmar: 'https://galeno.example.es/enlace?token=1', cancelar: 'https://galeno.example.es/enlace?token=2', cambiar: 'https://galeno.example.es/enlace?token=3' };
  const notice = (change: NoticeData['change']): NoticeData => ({ visit: typed, change });
  return [
    mail('reminder', patientNoticeMail(notice({ tipo: 'recordatorio' }), mailContext, links)),
    mail('booked by the doctor', patientNoticeMail(notice({ tipo: 'reservada_doctor' }), mailContext, links)),
    mail('cancelled by the clinic', patientNoticeMail(notice({ tipo: 'cancelada', por: 'clinica', motivo: null }), mailContext)),
    mail('rejected', patientNoticeMail(notice({ tipo: 'rechazada', motivo: 'Sin huecos' }), mailContext)),
    mail('moved by the patient (doctor)', doctorNoticeMail(notice({ tipo: 'cambiada', por: 'paciente', antes: { fecha: '2026-03-05', hora: '12:00' } }), 'doctor_cambiada', mailContext)),
    mail('patient left (doctor)', doctorNoticeMail(notice({ tipo: 'cancelada', por: 'paciente', motivo: null, baja: true }), 'doctor_baja_paciente', mailContext)),
    { name: 'reminder SMS', text: noticeSms({ ...notice({ tipo: 'recordatorio' }), telefono: '+34612345678' }, 'recordatorio', clinic) },
    mail('booking notice', bookingNoticeMail(pending, mailContext)),
    mail('grouped notice', groupedNoticeMail([pending, { ...pending, id_cita: 42, fecha: '2026-03-08' }], mailContext)),
    { name: 'appointment .ics', text: appointmentIcs(confirmed, mailContext, language) },
    {
      name: 'calendar feed',
      text: [
        feed.feedName(clinic.nombre, 'Laura Martín'),
        ...Object.values(feed.visitTypes),
        feed.pendingMark,
        feed.noShowMark,
      ].join('\n'),
    },
    mail('waitlist offer', offerMail(offerRow(language), 'token123', { timeZone: 'Europe/Madrid', baseUrl: 'https://galeno.example.es', clinic })),
    mail('waitlist gone', goneMail(offerRow(language), { timeZone: 'Europe/Madrid', baseUrl: 'https://galeno.example.es', clinic })),
    mail('password reset link', resetLinkMail(resetAccount(language), 'https://galeno.example.es/restablecer?token=abc')),
    mail('password changed', passwordChangedMail(resetAccount(language))),
    mail('login alert', loginAlertMail({ ...resetAccount(language) }, 12)),
    mail('login alert (one failure)', loginAlertMail({ ...resetAccount(language) }, 1)),
    { name: 'data export PDF', text: '', pdf: dataExport },
    { name: 'history PDF', text: '', pdf: history },
    { name: 'history PDF (empty)', text: '', pdf: emptyHistory },
  ];
}
