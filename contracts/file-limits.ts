/**
 * Attachments: at most 10 MB each, and only these kinds, recognised by their content. Here, not in
 * files.ts, so the web's upload button can check a file without loading zod with the schemas.
 */
export const MAX_ARCHIVO_BYTES = 10 * 1024 * 1024;
export const TIPOS_ARCHIVO = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TipoArchivo = (typeof TIPOS_ARCHIVO)[number];
/** For the file picker's accept attribute; the server decides by the bytes, not by this. */
export const ACCEPT_ARCHIVO = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
