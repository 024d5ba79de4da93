import {
  TIPO_LABELS,
  type HistorialEstadisticas,
  type HistorialFilters,
  type HistorialItem,
} from '../../../contracts/history.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { shownDate, startClinicPdf, type Letterhead } from '../../lib/clinic-pdf.ts';
import { textsFor } from '../../lib/texts.ts';

export interface HistoryPdfInput {
  language: Language;
  patient: { nombre: string; dni: string | null; nacimiento: string | null };
  filters: HistorialFilters;
  stats: HistorialEstadisticas;
  items: HistorialItem[];
  /** Local date and time of the clinic, YYYY-MM-DD and HH:MM. */
  generatedAt: { fecha: string; hora: string };
  letterhead: Letterhead;
}

/** The patient's history (as filtered on screen) as a real PDF with the clinic's letterhead. */
export async function renderHistoryPdf(input: HistoryPdfInput): Promise<Buffer> {
  const t = textsFor('history-pdf', input.language);
  const pdf = await startClinicPdf({
    language: input.language,
    title: `${t('title')} - ${input.patient.nombre}`,
    subject: t('title'),
    letterhead: input.letterhead,
  });
  const { line } = pdf;

  line(t('patient'), input.patient.nombre);
  if (input.patient.dni) line(t('dni'), input.patient.dni);
  if (input.patient.nacimiento) line(t('birth'), shownDate(input.patient.nacimiento));
  const applied = [
    input.filters.tipo ? `${t('filter_type')} «${input.filters.tipo}»` : '',
    input.filters.fecha ? `${t('filter_date')} «${input.filters.fecha}»` : '',
    input.filters.desde || input.filters.hasta
      ? `${t('filter_date')} ${input.filters.desde ? shownDate(input.filters.desde) : '…'} - ${input.filters.hasta ? shownDate(input.filters.hasta) : '…'}`
      : '',
  ].filter(Boolean);
  line(t('filters'), applied.length ? applied.join(', ') : t('no_filters'));
  line(t('generated'), `${shownDate(input.generatedAt.fecha)} ${input.generatedAt.hora}`);
  pdf.doc.moveDown(0.6);

  const stats = input.stats;
  line(t('total'), String(stats.total));
  line(t('last'), stats.ultima_consulta ? shownDate(stats.ultima_consulta) : '-');
  line(t('frequent'), stats.tipo_mas_frecuente ? TIPO_LABELS[input.language][stats.tipo_mas_frecuente] : '-');
  pdf.doc.moveDown(1);

  if (input.items.length === 0) {
    pdf.doc.font('Helvetica-Oblique').fontSize(11).text(t('empty'));
  }
  for (const item of input.items) {
    pdf.entry(`${shownDate(item.fecha)} ${item.hora} · ${TIPO_LABELS[input.language][item.consulta]}`, [
      `${t('doctor')}: ${item.doctor} · ${t('state')}: ${t(`state_${item.estado}`)}`,
      `${t('reason')}: ${item.motivo}`,
      ...(item.descripcion ? [`${t('description')}: ${item.descripcion}`] : []),
    ]);
  }
  return pdf.finish((page, pages) => t('page', { page, pages }));
}
