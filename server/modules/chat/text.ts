/**
 * Text as the assistant compares it: lower case, no accents ('Ictus' = 'íctus'), Catalan's
 * 'l·l' as 'll', and every run of punctuation or spacing as one space ("m'ofego" = "m ofego").
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/l[·.•]l/g, 'll')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
