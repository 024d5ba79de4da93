import type PDFDocumentClass from 'pdfkit';
import { clinicAddress, type Clinica } from '../../contracts/clinic.ts';
import type { Language } from '../../contracts/messages/index.ts';

/** The pieces every PDF Galeno hands a patient shares: A4, the clinic's letterhead, page numbers. */

/** 2026-03-02 as 02/03/2026, the way dates are written in Spain. */
export const shownDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return day && month && year ? `${day}/${month}/${year}` : iso;
};

// The standard PDF fonts encode text as WinAnsi (Latin-1 plus a few signs): every accent of es, ca
// and the other western languages, but not emoji or other scripts, which would print as garbage.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text with every character the standard fonts cannot show replaced by '?' (emoji dropped). */
export function printable(text: string): string {
  return text
    .replace(
      /(?![\xa9\xae])(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f)/gu,
      '',
    )
    .replace(/[^\t\n\r\x20-\x7e\xa0-\xff]/gu, (char) => (WIN_ANSI_EXTRA.has(char) ? char : '?'));
}

export interface ClinicPdf {
  doc: PDFKit.PDFDocument;
  /** Left edge and usable width of the page. */
  left: number;
  width: number;
  /** "Label: value" on one line, the label in bold. */
  line: (label: string, value: string) => void;
  /** A titled entry with a bar on its left (a consultation, an appointment, an allergy…). */
  entry: (heading: string, lines: string[]) => void;
  /** A section heading that never sits alone at the foot of a page. */
  heading: (text: string) => void;
  /** Numbers the pages and closes the document; resolves with its bytes. */
  finish: (pageLabel: (page: number, pages: number) => string) => Promise<Buffer>;
}

// PDFKit (about 28 MB once loaded, with its fonts) is loaded on the first PDF, not at start.
let pdfkit: Promise<typeof PDFDocumentClass> | undefined;

/** What the letterhead shows: the clinic as stored, and its logo when it has one. */
export interface Letterhead {
  clinic: Clinica;
  logo?: Uint8Array | undefined;
}

/** Opens an A4 document in the given language with the clinic's letterhead and a big title. */
export async function startClinicPdf(options: {
  language: Language;
  title: string;
  subject: string;
  letterhead: Letterhead;
}): Promise<ClinicPdf> {
  const { clinic, logo } = options.letterhead;
  const PDFDocument = await (pdfkit ??= import('pdfkit').then((module) => module.default));
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    lang: options.language,
    info: { Title: options.title, Author: clinic.nombre, Subject: options.subject, Creator: 'Galeno' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;
  const nearFoot = (room: number) => doc.y > doc.page.height - doc.page.margins.bottom - room;

  const top = doc.y;
  let textLeft = left;
  if (logo) {
    try {
      doc.image(Buffer.from(logo), left, top, { fit: [48, 48] });
      textLeft = left + 58;
    } catch {
      // A logo pdfkit cannot read leaves the letterhead in words only.
    }
  }
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#1c3d6e').text(printable(clinic.nombre), textLeft, top);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#333333')
    .text(printable(clinicAddress(clinic)))
    .text(printable(`${clinic.telefono} · ${clinic.correo} · ${clinic.web}`));
  if (logo && textLeft !== left) doc.y = Math.max(doc.y, top + 50);
  doc.x = left;
  doc.moveDown(0.5);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#1c3d6e')
    .lineWidth(1)
    .stroke();
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text(options.subject);
  doc.moveDown(0.4);

  return {
    doc,
    left,
    width,
    line: (label, value) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor('#000000')
        .text(`${label}: `, left, doc.y, { continued: true })
        .font('Helvetica')
        .text(printable(value));
    },
    entry: (heading, lines) => {
      // Keep an entry's heading with at least a couple of its lines.
      if (nearFoot(80)) doc.addPage();
      const top = doc.y;
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('#1c3d6e')
        .text(printable(heading), left + 8, top, { width: width - 8 });
      doc.fillColor('#000000').font('Helvetica').fontSize(10);
      for (const text of lines) doc.text(printable(text), { width: width - 8 });
      const bottom = doc.y;
      if (bottom > top) doc.moveTo(left, top).lineTo(left, bottom).strokeColor('#8aa4c8').lineWidth(2).stroke();
      doc.moveDown(0.8);
    },
    heading: (text) => {
      if (nearFoot(120)) doc.addPage();
      doc.moveDown(0.6);
      doc.font('Helvetica-Bold').fontSize(14).fillColor('#1c3d6e').text(text, left, doc.y, { width });
      doc.moveDown(0.4);
      doc.fillColor('#000000');
    },
    finish: (pageLabel) => {
      const range = doc.bufferedPageRange();
      for (let index = range.start; index < range.start + range.count; index++) {
        doc.switchToPage(index);
        const bottomMargin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor('#555555')
          .text(printable(`${clinic.nombre} · ${pageLabel(index + 1, range.count)}`), left, doc.page.height - 40, {
            width,
            align: 'center',
            lineBreak: false,
          });
        doc.page.margins.bottom = bottomMargin;
      }
      doc.end();
      return finished;
    },
  };
}
