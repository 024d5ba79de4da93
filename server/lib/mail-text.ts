/**
 * Text that a user typed (a name, a reason, a message), made safe to put in an e-mail:
 * one line (line breaks and control or invisible formatting characters become spaces), cut to
 * `max` characters, with links defused (`https://x` loses its `//`, so mail clients do not turn
 * it into a link), inside quotation marks so the reader sees where it starts and ends.
 */
export function quotedLine(value: string | null | undefined, max = 200): string {
  const line = (value ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1: ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return `“${cut}”`;
}
