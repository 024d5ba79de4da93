import type { DoctorDia } from '../../../contracts/clinic-day.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { shownDate, startClinicPdf, type Letterhead } from '../../lib/clinic-pdf.ts';
import { textsFor } from '../../lib/texts.ts';

/** One doctor's visits of a day on paper, for the clinics that still want it: time, patient, phone, reason, state. */
export async function renderDayListPdf(input: {
  language: Language;
  fecha: string;
  doctor: DoctorDia;
  generatedAt: { fecha: string; hora: string };
  letterhead: Letterhead;
}): Promise<Buffer> {
  const t = textsFor('day-list-pdf', input.language);
  const pdf = await startClinicPdf({
    language: input.language,
    title: `${t('title')} - ${input.doctor.doctor} - ${shownDate(input.fecha)}`,
    subject: t('title'),
    letterhead: input.letterhead,
  });
  pdf.line(t('doctor'), `${input.doctor.doctor} (${input.doctor.especialidad})`);
  pdf.line(t('date'), shownDate(input.fecha));
  pdf.line(t('generated'), `${shownDate(input.generatedAt.fecha)} ${input.generatedAt.hora}`);
  pdf.line(t('total'), String(input.doctor.visitas.length));
  pdf.doc.moveDown(1);
  if (input.doctor.visitas.length === 0) pdf.doc.font('Helvetica-Oblique').fontSize(11).text(t('empty'));
  for (const visit of input.doctor.visitas) {
    const state = t(`state_${visit.estado}`) + (visit.llegada ? ` (${t('arrived_at', { time: visit.llegada })})` : '');
    pdf.entry(`${visit.hora} · ${visit.paciente}${visit.extra ? ` · ${t('extra')}` : ''}`, [
      `${t('phone')}: ${visit.telefono ?? '-'} · ${t('state')}: ${state}`,
      `${t('reason')}: ${visit.motivo}`,
    ]);
  }
  return pdf.finish((page, pages) => t('page', { page, pages }));
}
