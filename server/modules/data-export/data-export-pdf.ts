import { Worker } from 'node:worker_threads';
import { TIPO_LABELS } from '../../../contracts/history.ts';
import { auditSentence } from '../../../contracts/audit-sentences.ts';
import type { MisDatos, RegistroAuditoriaExportado } from '../../../contracts/data-export.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { printable, shownDate, startClinicPdf, type Letterhead } from '../../lib/clinic-pdf.ts';
import { fullName } from '../patients/index.ts';

interface Labels {
  title: string;
  intro: string;
  generated: string;
  account: string;
  username: string;
  email: string;
  language: string;
  since: string;
  resets: string;
  resetLine: (asked: string, used: string | null) => string;
  personal: string;
  name: string;
  dni: string;
  birth: string;
  sex: string;
  sexes: Record<'M' | 'F', string>;
  phone: string;
  address: string;
  state: string;
  file: string;
  sections: Record<keyof MisDatos['ficha'], string>;
  diagnosed: string;
  applied: string;
  dose: string;
  frequency: string;
  duration: string;
  notes: string;
  active: string;
  inactive: string;
  recordedBy: string;
  consultations: string;
  appointments: string;
  attachments: string;
  conversations: string;
  audit: string;
  auditIntro: string;
  doctor: string;
  reason: string;
  description: string;
  diagnosis: string;
  recommendations: string;
  reminder: string;
  you: string;
  assistant: string;
  none: string;
  languages: Record<string, string>;
  patientStates: Record<string, string>;
  consultationStates: Record<string, string>;
  appointmentStates: Record<string, string>;
  reminderStates: Record<string, string>;
  page: (page: number, pages: number) => string;
}

const TEXT: Record<Language, Labels> = {
  es: {
    title: 'Mis datos en Galeno',
    intro: 'Todo lo que la clínica guarda sobre ti. El mismo contenido está en la descarga JSON.',
    generated: 'Documento generado el',
    account: 'Cuenta',
    username: 'Usuario',
    email: 'Correo electrónico',
    language: 'Idioma',
    since: 'Alta',
    resets: 'Enlaces para restablecer la contraseña',
    resetLine: (asked, used) => `pedido el ${asked}${used ? `, usado el ${used}` : ', sin usar'}`,
    personal: 'Datos personales',
    name: 'Nombre',
    dni: 'DNI/NIE',
    birth: 'Fecha de nacimiento',
    sex: 'Sexo',
    sexes: { M: 'Hombre', F: 'Mujer' },
    phone: 'Teléfono',
    address: 'Dirección',
    state: 'Estado',
    file: 'Ficha médica',
    sections: {
      alergias: 'Alergias',
      enfermedades: 'Enfermedades',
      discapacidades: 'Discapacidades',
      habitos: 'Hábitos',
      vacunas: 'Vacunas',
    },
    diagnosed: 'Diagnóstico',
    applied: 'Aplicada',
    dose: 'Dosis',
    frequency: 'Frecuencia',
    duration: 'Duración',
    notes: 'Observaciones',
    active: 'Activa',
    inactive: 'Inactiva',
    recordedBy: 'Registrado por',
    consultations: 'Historial de consultas',
    appointments: 'Citas',
    attachments: 'Archivos adjuntos',
    conversations: 'Conversaciones con el asistente',
    audit: 'Registro de accesos y cambios',
    auditIntro: 'Quién ha consultado o cambiado tus datos, y lo que tú has hecho en Galeno.',
    doctor: 'Doctor/a',
    reason: 'Motivo',
    description: 'Descripción',
    diagnosis: 'Diagnóstico',
    recommendations: 'Recomendaciones',
    reminder: 'Recordatorio por correo',
    you: 'Tú',
    assistant: 'Asistente',
    none: 'Sin registros',
    languages: { es: 'Español', ca: 'Catalán', en: 'Inglés' },
    patientStates: { Activo: 'Activo', Inactivo: 'Inactivo' },
    consultationStates: { pendiente: 'Pendiente', confirmada: 'Confirmada', finalizada: 'Finalizada' },
    appointmentStates: { pendiente: 'Pendiente de confirmar', Confirmada: 'Confirmada', Cancelada: 'Cancelada' },
    reminderStates: {
      pendiente: 'pendiente de envío',
      enviado: 'enviado',
      cancelado: 'cancelado',
      fallido: 'no se pudo enviar',
    },
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
  ca: {
    title: 'Les meves dades a Galeno',
    intro: 'Tot el que la clínica guarda sobre tu. El mateix contingut és a la baixada JSON.',
    generated: 'Document generat el',
    account: 'Compte',
    username: 'Usuari',
    email: 'Correu electrònic',
    language: 'Idioma',
    since: 'Alta',
    resets: 'Enllaços per restablir la contrasenya',
    resetLine: (asked, used) => `demanat el ${asked}${used ? `, usat el ${used}` : ', sense usar'}`,
    personal: 'Dades personals',
    name: 'Nom',
    dni: 'DNI/NIE',
    birth: 'Data de naixement',
    sex: 'Sexe',
    sexes: { M: 'Home', F: 'Dona' },
    phone: 'Telèfon',
    address: 'Adreça',
    state: 'Estat',
    file: 'Fitxa mèdica',
    sections: {
      alergias: 'Al·lèrgies',
      enfermedades: 'Malalties',
      discapacidades: 'Discapacitats',
      habitos: 'Hàbits',
      vacunas: 'Vacunes',
    },
    diagnosed: 'Diagnòstic',
    applied: 'Aplicada',
    dose: 'Dosi',
    frequency: 'Freqüència',
    duration: 'Durada',
    notes: 'Observacions',
    active: 'Activa',
    inactive: 'Inactiva',
    recordedBy: 'Registrat per',
    consultations: 'Historial de consultes',
    appointments: 'Cites',
    attachments: 'Fitxers adjunts',
    conversations: 'Converses amb l’assistent',
    audit: 'Registre d’accessos i canvis',
    auditIntro: 'Qui ha consultat o canviat les teves dades, i el que tu has fet a Galeno.',
    doctor: 'Metge/essa',
    reason: 'Motiu',
    description: 'Descripció',
    diagnosis: 'Diagnòstic',
    recommendations: 'Recomanacions',
    reminder: 'Recordatori per correu',
    you: 'Tu',
    assistant: 'Assistent',
    none: 'Sense registres',
    languages: { es: 'Castellà', ca: 'Català', en: 'Anglès' },
    patientStates: { Activo: 'Actiu', Inactivo: 'Inactiu' },
    consultationStates: { pendiente: 'Pendent', confirmada: 'Confirmada', finalizada: 'Finalitzada' },
    appointmentStates: { pendiente: 'Pendent de confirmar', Confirmada: 'Confirmada', Cancelada: 'Cancel·lada' },
    reminderStates: {
      pendiente: 'pendent d’enviar',
      enviado: 'enviat',
      cancelado: 'cancel·lat',
      fallido: 'no s’ha pogut enviar',
    },
    page: (page, pages) => `Pàgina ${page} de ${pages}`,
  },
  en: {
    title: 'My data in Galeno',
    intro: 'Everything the clinic keeps about you. The JSON download holds the same content.',
    generated: 'Document generated on',
    account: 'Account',
    username: 'Username',
    email: 'E-mail',
    language: 'Language',
    since: 'Member since',
    resets: 'Password reset links',
    resetLine: (asked, used) => `asked for on ${asked}${used ? `, used on ${used}` : ', not used'}`,
    personal: 'Personal details',
    name: 'Name',
    dni: 'ID (DNI/NIE)',
    birth: 'Date of birth',
    sex: 'Sex',
    sexes: { M: 'Male', F: 'Female' },
    phone: 'Phone',
    address: 'Address',
    state: 'Status',
    file: 'Medical file',
    sections: {
      alergias: 'Allergies',
      enfermedades: 'Diseases',
      discapacidades: 'Disabilities',
      habitos: 'Habits',
      vacunas: 'Vaccines',
    },
    diagnosed: 'Diagnosed',
    applied: 'Given',
    dose: 'Dose',
    frequency: 'Frequency',
    duration: 'Duration',
    notes: 'Notes',
    active: 'Active',
    inactive: 'Inactive',
    recordedBy: 'Recorded by',
    consultations: 'Consultation history',
    appointments: 'Appointments',
    attachments: 'Attachments',
    conversations: 'Conversations with the assistant',
    audit: 'Log of access and changes',
    auditIntro: 'Who read or changed your data, and what you did in Galeno.',
    doctor: 'Doctor',
    reason: 'Reason',
    description: 'Description',
    diagnosis: 'Diagnosis',
    recommendations: 'Recommendations',
    reminder: 'E-mail reminder',
    you: 'You',
    assistant: 'Assistant',
    none: 'None recorded',
    languages: { es: 'Spanish', ca: 'Catalan', en: 'English' },
    patientStates: { Activo: 'Active', Inactivo: 'Inactive' },
    consultationStates: { pendiente: 'Pending', confirmada: 'Confirmed', finalizada: 'Finished' },
    appointmentStates: { pendiente: 'Awaiting confirmation', Confirmada: 'Confirmed', Cancelada: 'Cancelled' },
    reminderStates: { pendiente: 'to be sent', enviado: 'sent', cancelado: 'cancelled', fallido: 'could not be sent' },
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
};

/** ISO instants as the clinic reads them (DD/MM/YYYY HH:MM in its time zone); one formatter per document. */
function instantFormatter(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  return (iso) => format.format(new Date(iso)).replace(',', '');
}

/** A code in words, or the code itself when it has none (a value added later). */
const named = (names: Record<string, string>, code: string) => names[code] ?? code;

/**
 * The log for reading: the same person doing the same thing on one day (a doctor opening the record
 * during a visit) is one line with a count. The JSON keeps every entry.
 */
function sameDayGroups(rows: RegistroAuditoriaExportado[], when: (iso: string) => string) {
  const groups = new Map<string, { row: RegistroAuditoriaExportado; count: number; lastIso: string }>();
  for (const row of rows) {
    const stamp = when(row.creado_en);
    const key = JSON.stringify([stamp.slice(0, 10), row.quien, row.rol, row.accion, row.detalle]);
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.lastIso = row.creado_en;
    } else groups.set(key, { row, count: 1, lastIso: row.creado_en });
  }
  return groups.values();
}

const compact = (values: (string | null | undefined | false)[]) =>
  values.filter((value): value is string => Boolean(value));

export interface DataExportPdfJob {
  data: MisDatos;
  options: { language: Language; timeZone: string; letterhead: Letterhead };
}

/**
 * Below this size (characters of the export's JSON) the PDF is laid out on the event loop: a usual
 * record takes 10–90 ms there, while starting a worker (pdfkit loaded afresh) costs 0.4–1.3 s.
 * Above it, a worker keeps a long record (seconds of layout) from stalling every other request.
 */
const INLINE_LIMIT = 150_000;

/** The export as a PDF, laid out where it costs other requests least. */
export function renderDataExportPdfFor(job: DataExportPdfJob): Promise<Buffer> {
  return JSON.stringify(job.data).length <= INLINE_LIMIT
    ? renderDataExportPdf(job.data, job.options)
    : renderDataExportPdfOffThread(job);
}

/** At most this many exports are laid out at once (each in its own short-lived worker thread). */
const MAX_WORKERS = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** `renderDataExportPdf` in a worker thread, so a long record never blocks the server's event loop. */
export async function renderDataExportPdfOffThread(job: DataExportPdfJob): Promise<Buffer> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const worker = new Worker(new URL('./data-export-pdf-worker.ts', import.meta.url), { workerData: job });
      worker.once('message', (bytes: Uint8Array) =>
        resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The PDF worker stopped (exit code ${code})`)));
    });
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** The JSON export (`MisDatos`) as a readable PDF in the patient's language: same content, for people. */
export async function renderDataExportPdf(data: MisDatos, options: DataExportPdfJob['options']): Promise<Buffer> {
  const text = TEXT[options.language];
  const usuario = data.paciente.usuario;
  const name = fullName(usuario);
  const pdf = await startClinicPdf({
    language: options.language,
    title: `${text.title} - ${name}`,
    subject: text.title,
    letterhead: options.letterhead,
  });
  const { doc, line, entry, heading } = pdf;
  const when = instantFormatter(options.timeZone);
  const date = (iso: string | null) => (iso ? shownDate(iso) : null);
  const recorded = (row: { creado_en: string; registrado_por: string | null }) =>
    `${text.recordedBy}: ${row.registrado_por ?? '-'} · ${when(row.creado_en)}`;
  const empty = () => doc.font('Helvetica-Oblique').fontSize(10).text(text.none).moveDown(0.4);

  doc.font('Helvetica').fontSize(10).text(text.intro);
  doc.moveDown(0.4);
  line(text.generated, when(data.generado_en));

  heading(text.personal);
  line(text.name, name);
  if (usuario.dni) line(text.dni, usuario.dni);
  if (usuario.nacimiento) line(text.birth, shownDate(usuario.nacimiento));
  if (usuario.sexo) line(text.sex, text.sexes[usuario.sexo]);
  if (usuario.telefono) line(text.phone, usuario.telefono);
  const address = compact([
    usuario.direccion.direccion,
    compact([usuario.direccion.codigo_postal, usuario.direccion.localidad]).join(' '),
    usuario.direccion.provincia,
    usuario.direccion.pais,
  ]).join(', ');
  if (address) line(text.address, address);
  line(text.state, named(text.patientStates, data.paciente.estado));

  heading(text.account);
  line(text.username, data.cuenta.nombre_usuario);
  line(text.email, data.cuenta.correo);
  line(text.language, named(text.languages, data.cuenta.idioma));
  line(text.since, when(data.cuenta.creado_en));
  const resets = data.cuenta.restablecimientos_contrasena;
  if (resets.length > 0) {
    line(
      text.resets,
      resets.map((reset) => text.resetLine(when(reset.creado_en), reset.usado_en && when(reset.usado_en))).join('; '),
    );
  }

  heading(text.file);
  const { alergias, enfermedades, discapacidades, habitos, vacunas } = data.ficha;
  const section = <T>(key: keyof MisDatos['ficha'], rows: T[], draw: (row: T) => void) => {
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(text.sections[key], pdf.left, doc.y);
    doc.moveDown(0.3);
    if (rows.length === 0) empty();
    rows.forEach(draw);
  };
  section('alergias', alergias, (row) =>
    entry(
      row.nombre,
      compact([
        row.fecha_diagnostico && `${text.diagnosed}: ${date(row.fecha_diagnostico)}`,
        row.observaciones && `${text.notes}: ${row.observaciones}`,
        recorded(row),
      ]),
    ),
  );
  section('enfermedades', enfermedades, (row) =>
    entry(
      `${row.nombre} · ${row.activa ? text.active : text.inactive}`,
      compact([
        row.tipo,
        row.fecha_diagnostico && `${text.diagnosed}: ${date(row.fecha_diagnostico)}`,
        row.observaciones && `${text.notes}: ${row.observaciones}`,
        recorded(row),
      ]),
    ),
  );
  section('discapacidades', discapacidades, (row) =>
    entry(
      row.porcentaje === null ? row.tipo : `${row.tipo} · ${row.porcentaje} %`,
      compact([
        row.fecha_diagnostico && `${text.diagnosed}: ${date(row.fecha_diagnostico)}`,
        row.descripcion,
        recorded(row),
      ]),
    ),
  );
  section('habitos', habitos, (row) =>
    entry(
      row.nombre,
      compact([
        row.frecuencia && `${text.frequency}: ${row.frecuencia}`,
        row.duracion && `${text.duration}: ${row.duracion}`,
        row.observaciones && `${text.notes}: ${row.observaciones}`,
        recorded(row),
      ]),
    ),
  );
  section('vacunas', vacunas, (row) =>
    entry(
      row.nombre,
      compact([
        row.fecha_aplicacion && `${text.applied}: ${date(row.fecha_aplicacion)}`,
        row.dosis && `${text.dose}: ${row.dosis}`,
        row.descripcion,
        recorded(row),
      ]),
    ),
  );

  heading(text.consultations);
  if (data.consultas.length === 0) empty();
  for (const row of data.consultas) {
    const tipo = named(TIPO_LABELS[options.language], row.tipo);
    entry(
      `${shownDate(row.fecha)} ${row.hora} · ${tipo}`,
      compact([
        `${text.doctor}: ${row.doctor} (${row.especialidad}) · ${text.state}: ${named(text.consultationStates, row.estado)}`,
        `${text.reason}: ${row.motivo}`,
        row.descripcion && `${text.description}: ${row.descripcion}`,
        row.diagnostico && `${text.diagnosis}: ${row.diagnostico}`,
        row.recomendaciones && `${text.recommendations}: ${row.recomendaciones}`,
      ]),
    );
  }

  heading(text.appointments);
  if (data.citas.length === 0) empty();
  for (const row of data.citas) {
    entry(
      `${shownDate(row.fecha)} ${row.hora} · ${named(text.appointmentStates, row.estado)}`,
      compact([
        `${text.doctor}: ${row.doctor} (${row.especialidad})`,
        `${text.reason}: ${row.motivo}`,
        row.aviso &&
          `${text.reminder}: ${named(text.reminderStates, row.aviso.estado)} · ${when(row.aviso.enviado_en ?? row.aviso.enviar_en)}`,
      ]),
    );
  }

  heading(text.attachments);
  if (data.archivos.length === 0) empty();
  for (const row of data.archivos)
    entry(row.nombre, [`${row.tipo} · ${Math.max(1, Math.round(row.tamano / 1024))} KB · ${when(row.fecha_subida)}`]);

  heading(text.conversations);
  if (data.conversaciones.length === 0) empty();
  for (const chat of data.conversaciones) {
    entry(
      chat.nombre_chat,
      chat.mensajes.map(
        (message) =>
          `${message.rol === 'user' ? text.you : text.assistant} (${when(message.creado_en)}): ${message.contenido}`,
      ),
    );
  }

  heading(text.audit);
  doc.font('Helvetica').fontSize(10).text(text.auditIntro);
  doc.moveDown(0.4);
  if (data.auditoria.length === 0) empty();
  doc.font('Helvetica').fontSize(9);
  for (const group of sameDayGroups(data.auditoria, when)) {
    const { row, count, lastIso } = group;
    // A sentence in the patient's language (issue 13), never the internal code.
    const sentence = auditSentence(row, {
      language: options.language,
      timeZone: options.timeZone,
      reader: 'patient',
      repeated: count > 1 ? { count, until: lastIso } : undefined,
    });
    doc.text(printable(sentence), pdf.left, doc.y, { width: pdf.width });
  }
  return pdf.finish(text.page);
}
