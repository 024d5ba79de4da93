import {
  TIPO_LABELS,
  type HistorialEstadisticas,
  type HistorialFilters,
  type HistorialItem,
} from '../../../contracts/history.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { shownDate, startClinicPdf, type Letterhead } from '../../lib/clinic-pdf.ts';

const TEXT: Record<
  Language,
  {
    title: string;
    patient: string;
    dni: string;
    birth: string;
    filters: string;
    noFilters: string;
    type: string;
    date: string;
    generated: string;
    total: string;
    last: string;
    frequent: string;
    reason: string;
    description: string;
    doctor: string;
    state: string;
    empty: string;
    page: (page: number, pages: number) => string;
    states: Record<HistorialItem['estado'], string>;
  }
> = {
  es: {
    title: 'Historial médico',
    patient: 'Paciente',
    dni: 'DNI/NIE',
    birth: 'Fecha de nacimiento',
    filters: 'Filtros',
    noFilters: 'Sin filtros: todo el historial',
    type: 'tipo',
    date: 'fecha',
    generated: 'Documento generado el',
    total: 'Total de registros',
    last: 'Última consulta',
    frequent: 'Tipo más frecuente',
    reason: 'Motivo',
    description: 'Descripción',
    doctor: 'Doctor/a',
    state: 'Estado',
    empty: 'Sin resultados encontrados',
    page: (page, pages) => `Página ${page} de ${pages}`,
    states: { pendiente: 'Pendiente', confirmada: 'Confirmada', finalizada: 'Finalizada' },
  },
  ca: {
    title: 'Historial mèdic',
    patient: 'Pacient',
    dni: 'DNI/NIE',
    birth: 'Data de naixement',
    filters: 'Filtres',
    noFilters: 'Sense filtres: tot l’historial',
    type: 'tipus',
    date: 'data',
    generated: 'Document generat el',
    total: 'Total de registres',
    last: 'Darrera consulta',
    frequent: 'Tipus més freqüent',
    reason: 'Motiu',
    description: 'Descripció',
    doctor: 'Metge/essa',
    state: 'Estat',
    empty: 'No s’han trobat resultats',
    page: (page, pages) => `Pàgina ${page} de ${pages}`,
    states: { pendiente: 'Pendent', confirmada: 'Confirmada', finalizada: 'Finalitzada' },
  },
  en: {
    title: 'Medical history',
    patient: 'Patient',
    dni: 'ID (DNI/NIE)',
    birth: 'Date of birth',
    filters: 'Filters',
    noFilters: 'No filters: the whole history',
    type: 'type',
    date: 'date',
    generated: 'Document generated on',
    total: 'Total records',
    last: 'Last consultation',
    frequent: 'Most frequent type',
    reason: 'Reason',
    description: 'Description',
    doctor: 'Doctor',
    state: 'Status',
    empty: 'No results found',
    page: (page, pages) => `Page ${page} of ${pages}`,
    states: { pendiente: 'Pending', confirmada: 'Confirmed', finalizada: 'Finished' },
  },
};

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
  const text = TEXT[input.language];
  const pdf = await startClinicPdf({
    language: input.language,
    title: `${text.title} - ${input.patient.nombre}`,
    subject: text.title,
    letterhead: input.letterhead,
  });
  const { line } = pdf;

  line(text.patient, input.patient.nombre);
  if (input.patient.dni) line(text.dni, input.patient.dni);
  if (input.patient.nacimiento) line(text.birth, shownDate(input.patient.nacimiento));
  const applied = [
    input.filters.tipo ? `${text.type} «${input.filters.tipo}»` : '',
    input.filters.fecha ? `${text.date} «${input.filters.fecha}»` : '',
    input.filters.desde || input.filters.hasta
      ? `${text.date} ${input.filters.desde ? shownDate(input.filters.desde) : '…'} - ${input.filters.hasta ? shownDate(input.filters.hasta) : '…'}`
      : '',
  ].filter(Boolean);
  line(text.filters, applied.length ? applied.join(', ') : text.noFilters);
  line(text.generated, `${shownDate(input.generatedAt.fecha)} ${input.generatedAt.hora}`);
  pdf.doc.moveDown(0.6);

  const stats = input.stats;
  line(text.total, String(stats.total));
  line(text.last, stats.ultima_consulta ? shownDate(stats.ultima_consulta) : '-');
  line(text.frequent, stats.tipo_mas_frecuente ? TIPO_LABELS[input.language][stats.tipo_mas_frecuente] : '-');
  pdf.doc.moveDown(1);

  if (input.items.length === 0) {
    pdf.doc.font('Helvetica-Oblique').fontSize(11).text(text.empty);
  }
  for (const item of input.items) {
    pdf.entry(`${shownDate(item.fecha)} ${item.hora} · ${TIPO_LABELS[input.language][item.consulta]}`, [
      `${text.doctor}: ${item.doctor} · ${text.state}: ${text.states[item.estado]}`,
      `${text.reason}: ${item.motivo}`,
      ...(item.descripcion ? [`${text.description}: ${item.descripcion}`] : []),
    ]);
  }
  return pdf.finish(text.page);
}
