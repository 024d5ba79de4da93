import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { TIPO_LABELS } from '../../../contracts/history.ts';
import { auditSentence } from '../../../contracts/audit-sentences.ts';
import type { MisDatos, RegistroAuditoriaExportado } from '../../../contracts/data-export.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { printable, shownDate, startClinicPdf, type Letterhead } from '../../lib/clinic-pdf.ts';
import { textsFor } from '../../lib/texts.ts';
import { serverI18n } from '../../locales/index.ts';
import { fullName } from '../../../contracts/names.ts';

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
// The worker beside this module, in the same form: the .ts source under tests and `npm run dev`,
// the compiled .js under `npm start`.
const WORKER_FILE = new URL(`./data-export-pdf-worker${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url);
let running = 0;
const waiting: (() => void)[] = [];

/** `renderDataExportPdf` in a worker thread, so a long record never blocks the server's event loop. */
export async function renderDataExportPdfOffThread(job: DataExportPdfJob): Promise<Buffer> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const worker = new Worker(WORKER_FILE, { workerData: job });
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
  const t = textsFor('data-export-pdf', options.language);
  const codeName = (prefix: string, code: string) => t.optional(`${prefix}_${code}`) ?? code;
  const usuario = data.paciente.usuario;
  const name = fullName(usuario);
  const pdf = await startClinicPdf({
    language: options.language,
    title: `${t('title')} - ${name}`,
    subject: t('title'),
    letterhead: options.letterhead,
  });
  const { doc, line, entry, heading } = pdf;
  const when = instantFormatter(options.timeZone);
  const date = (iso: string | null) => (iso ? shownDate(iso) : null);
  const recorded = (row: { creado_en: string; registrado_por: string | null }) =>
    `${t('recorded_by')}: ${row.registrado_por ?? '-'} · ${when(row.creado_en)}`;
  const empty = () => doc.font('Helvetica-Oblique').fontSize(10).text(t('none')).moveDown(0.4);

  doc.font('Helvetica').fontSize(10).text(t('intro'));
  doc.moveDown(0.4);
  line(t('generated'), when(data.generado_en));

  heading(t('personal'));
  line(t('name'), name);
  if (usuario.dni) line(t('dni'), usuario.dni);
  if (usuario.nacimiento) line(t('birth'), shownDate(usuario.nacimiento));
  if (usuario.sexo) line(t('sex'), t(`sex_${usuario.sexo}`));
  if (usuario.telefono) line(t('phone'), usuario.telefono);
  const address = compact([
    usuario.direccion.direccion,
    compact([usuario.direccion.codigo_postal, usuario.direccion.localidad]).join(' '),
    usuario.direccion.provincia,
    usuario.direccion.pais,
  ]).join(', ');
  if (address) line(t('address'), address);
  line(t('state'), codeName('patient_state', data.paciente.estado));

  heading(t('account'));
  line(t('username'), data.cuenta.nombre_usuario);
  line(t('email'), data.cuenta.correo);
  line(t('language'), codeName('language', data.cuenta.idioma));
  line(t('since'), when(data.cuenta.creado_en));
  const resets = data.cuenta.restablecimientos_contrasena;
  if (resets.length > 0) {
    line(
      t('resets'),
      resets
        .map((reset) =>
          reset.usado_en
            ? t('reset_used', { asked: when(reset.creado_en), used: when(reset.usado_en) })
            : t('reset_unused', { asked: when(reset.creado_en) }),
        )
        .join('; '),
    );
  }

  heading(t('file'));
  const { alergias, enfermedades, discapacidades, habitos, vacunas } = data.ficha;
  const section = <T>(key: keyof MisDatos['ficha'], rows: T[], draw: (row: T) => void) => {
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(t(`section_${key}`), pdf.left, doc.y);
    doc.moveDown(0.3);
    if (rows.length === 0) empty();
    rows.forEach(draw);
  };
  section('alergias', alergias, (row) =>
    entry(
      row.nombre,
      compact([
        row.fecha_diagnostico && `${t('diagnosed')}: ${date(row.fecha_diagnostico)}`,
        row.observaciones && `${t('notes')}: ${row.observaciones}`,
        recorded(row),
      ]),
    ),
  );
  section('enfermedades', enfermedades, (row) =>
    entry(
      `${row.nombre} · ${row.activa ? t('active') : t('inactive')}`,
      compact([
        row.tipo,
        row.fecha_diagnostico && `${t('diagnosed')}: ${date(row.fecha_diagnostico)}`,
        row.observaciones && `${t('notes')}: ${row.observaciones}`,
        recorded(row),
      ]),
    ),
  );
  section('discapacidades', discapacidades, (row) =>
    entry(
      row.porcentaje === null ? row.tipo : `${row.tipo} · ${row.porcentaje} %`,
      compact([
        row.fecha_diagnostico && `${t('diagnosed')}: ${date(row.fecha_diagnostico)}`,
        row.descripcion,
        recorded(row),
      ]),
    ),
  );
  section('habitos', habitos, (row) =>
    entry(
      row.nombre,
      compact([
        row.frecuencia && `${t('frequency')}: ${row.frecuencia}`,
        row.duracion && `${t('duration')}: ${row.duracion}`,
        row.observaciones && `${t('notes')}: ${row.observaciones}`,
        recorded(row),
      ]),
    ),
  );
  section('vacunas', vacunas, (row) =>
    entry(
      row.nombre,
      compact([
        row.fecha_aplicacion && `${t('applied')}: ${date(row.fecha_aplicacion)}`,
        row.dosis && `${t('dose')}: ${row.dosis}`,
        row.descripcion,
        recorded(row),
      ]),
    ),
  );

  heading(t('consultations'));
  if (data.consultas.length === 0) empty();
  for (const row of data.consultas) {
    const tipo = named(TIPO_LABELS[options.language], row.tipo);
    entry(
      `${shownDate(row.fecha)} ${row.hora} · ${tipo}`,
      compact([
        `${t('doctor')}: ${row.doctor} (${row.especialidad}) · ${t('state')}: ${codeName('consultation_state', row.estado)}`,
        `${t('reason')}: ${row.motivo}`,
        row.descripcion && `${t('description')}: ${row.descripcion}`,
        row.diagnostico && `${t('diagnosis')}: ${row.diagnostico}`,
        row.recomendaciones && `${t('recommendations')}: ${row.recomendaciones}`,
      ]),
    );
  }

  heading(t('appointments'));
  if (data.citas.length === 0) empty();
  for (const row of data.citas) {
    entry(
      `${shownDate(row.fecha)} ${row.hora} · ${codeName('appointment_state', row.estado)}`,
      compact([
        `${t('doctor')}: ${row.doctor} (${row.especialidad})`,
        `${t('reason')}: ${row.motivo}`,
        row.aviso &&
          `${t('reminder')}: ${codeName('reminder_state', row.aviso.estado)} · ${when(row.aviso.enviado_en ?? row.aviso.enviar_en)}`,
      ]),
    );
  }

  heading(t('attachments'));
  if (data.archivos.length === 0) empty();
  for (const row of data.archivos)
    entry(row.nombre, [`${row.tipo} · ${Math.max(1, Math.round(row.tamano / 1024))} KB · ${when(row.fecha_subida)}`]);

  heading(t('conversations'));
  if (data.conversaciones.length === 0) empty();
  for (const chat of data.conversaciones) {
    entry(
      chat.nombre_chat,
      chat.mensajes.map(
        (message) =>
          `${message.rol === 'user' ? t('you') : t('assistant')} (${when(message.creado_en)}): ${message.contenido}`,
      ),
    );
  }

  heading(t('audit'));
  doc.font('Helvetica').fontSize(10).text(t('audit_intro'));
  doc.moveDown(0.4);
  if (data.auditoria.length === 0) empty();
  doc.font('Helvetica').fontSize(9);
  for (const group of sameDayGroups(data.auditoria, when)) {
    const { row, count, lastIso } = group;
    // A sentence in the patient's language, never the internal code.
    const sentence = auditSentence(row, {
      language: options.language,
      timeZone: options.timeZone,
      reader: 'patient',
      repeated: count > 1 ? { count, until: lastIso } : undefined,
      i18n: serverI18n,
    });
    doc.text(printable(sentence), pdf.left, doc.y, { width: pdf.width });
  }
  return pdf.finish((page, pages) => t('page', { page, pages }));
}
