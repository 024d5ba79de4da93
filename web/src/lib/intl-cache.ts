/**
 * Shared Intl formatters. Building one resolves its locale and options each time (about a
 * millisecond on a slow phone), and a screen formats dozens of dates per render (the agenda's
 * month grid labels every day), so each locale and set of options is built once.
 */
function formatterCache<Options extends object, Formatter>(create: (locale: string, options: Options) => Formatter) {
  const formatters = new Map<string, Formatter>();
  return (locale: string, options: Options): Formatter => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let formatter = formatters.get(key);
    if (!formatter) {
      formatter = create(locale, options);
      formatters.set(key, formatter);
    }
    return formatter;
  };
}

export const dateTimeFormat = formatterCache(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
export const numberFormat = formatterCache(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
export const listFormat = formatterCache(
  (locale, options: Intl.ListFormatOptions) => new Intl.ListFormat(locale, options),
);
