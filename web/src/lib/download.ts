import { apiRaw } from './api.ts';

/** The file name a Content-Disposition header gives (the UTF-8 form first). */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

/**
 * Downloads a file the API serves only with the bearer token (attachments, PDFs): fetches it, then
 * hands the bytes to the browser as a download. `path` may carry the /api prefix.
 */
export async function downloadFromApi(
  path: string,
  options: { query?: Record<string, string | undefined>; fallbackName: string },
): Promise<void> {
  const response = await apiRaw('GET', path.replace(/^\/api(?=\/)/, ''), { query: options.query ?? {} });
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? options.fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the bytes are released.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
