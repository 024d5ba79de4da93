import Bowser from 'bowser';

/**
 * A short, language-neutral name of the device a session was opened on ("Firefox · Linux",
 * "Safari · iOS"), from its User-Agent header. Product names are not translated; null when the
 * header says nothing recognisable (the screen then says "unknown device").
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const label = [parsed.browser.name, parsed.os.name].filter((part): part is string => !!part).join(' · ');
  return label ? label.slice(0, 80) : null;
}
