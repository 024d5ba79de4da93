import type { TipoArchivo } from '../../../contracts/files.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');

/**
 * What a file really is, from its first bytes (its "magic number"), whatever its name says. PDF
 * readers accept a header within the first kilobyte, so a PDF's may start a little later.
 */
export function detectFileType(bytes: Buffer): TipoArchivo | undefined {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  const pdfAt = bytes.subarray(0, 1024).indexOf(PDF);
  if (pdfAt !== -1) return 'application/pdf';
  return undefined;
}

export const EXTENSION: Record<TipoArchivo, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};

const KNOWN_EXTENSIONS = /\.(pdf|jpe?g|png|exe|bin|gif|txt)$/i;

/**
 * The name an attachment keeps: the uploaded file's base name without control characters or path
 * separators, with the extension of what the content really is ('scan.pdf' holding a PNG becomes
 * 'scan.png'), at most 150 characters.
 */
export function attachmentName(original: string | undefined, tipo: TipoArchivo): string {
  const base = (original ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .trim();
  const extension = EXTENSION[tipo];
  const stem = base.replace(KNOWN_EXTENSIONS, '').slice(0, 140).trim() || 'archivo';
  const keepsExtension = tipo === 'image/jpeg' ? /\.jpe?g$/i.test(base) : base.toLowerCase().endsWith(extension);
  return keepsExtension && base.length <= 150 ? base : `${stem}${extension}`;
}

/** A Content-Disposition header that names the file in any language (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'archivo';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
