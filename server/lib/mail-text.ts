/**
 * Text that a user typed (a name, a reason), made inert for an e-mail: one line (line breaks and
 * control or invisible formatting characters become spaces), cut to `max` characters, with links
 * defused (`https://x` loses its `//` and `x.com` its dot, so mail clients do not turn them into links).
 */
export function inertLine(value: string | null | undefined, max = 200): string {
  // 'clinic.com' or 'www.x.es' would be linked by mail clients: the dot becomes a one-dot leader.
  return oneLine(value, max, (line) => line.replace(/([a-z0-9-])\.(?=[a-z]{2,}\b)/gi, '$1\u2024'));
}

function oneLine(value: string | null | undefined, max: number, defuse: (line: string) => string = (line) => line): string {
  const line = defuse((value ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1: ')
    .replace(/\s+/g, ' ')
    .trim());
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
