import { fileTypeFromBuffer } from 'file-type';
import { withoutHiddenCharacters } from '../../contracts/common.ts';
import type { TipoArchivo } from '../../contracts/files.ts';

/** What the detection library may answer for each kind Galeno accepts (an animated PNG is a PNG). */
const ACCEPTED: Record<string, TipoArchivo> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/apng': 'image/png',
};

/**
 * What a file really is, from its content (the `file-type` library reads its signature and
 * structure), whatever its name says. A PDF must start with its header: a file with `%PDF-` further
 * on (an HTML page, a script) is not taken for one.
 */
export async function detectFileType(bytes: Buffer): Promise<TipoArchivo | undefined> {
  try {
    const detected = await fileTypeFromBuffer(bytes);
    return detected ? ACCEPTED[detected.mime] : undefined;
  } catch {
    // A file malformed enough to trip the reader is not one of the accepted kinds.
    return undefined;
  }
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
  const lastPart = (original ?? '').split(/[\\/]/).pop()!;
  // Control characters and invisible marks out: a right-to-left override would show the name's end reversed.
  const base = withoutHiddenCharacters(lastPart).replace(/["<>|:*?]/g, '').trim();
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
