import { z } from 'zod';

/**
 * What a one-line text never holds: control characters (line breaks included), line and
 * paragraph separators, and the invisible marks that reorder or hide text (bidi overrides,
 * zero-width spaces, byte-order marks).
 */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
export const isOneLine = (value: string) => !NOT_ONE_LINE.test(value);

/**
 * Free text others read (a diagnosis, a reason, an address) may run over several lines and hold
 * tabs, but no other control character and no invisible mark: a right-to-left override would show
 * 'Llame al 900 765 432' with the number reversed.
 */
export const hasNoHiddenCharacters = (value: string) => isOneLine(value.replace(/\r\n?|[\n\t]/g, ''));

/** The text with its control characters and invisible marks taken out (a file's name). */
export const withoutHiddenCharacters = (value: string) => value.replace(new RegExp(NOT_ONE_LINE.source, 'gu'), '');

const trimmedText = (key: string, max: number) => z.string({ error: key }).trim().min(1, key).max(max, 'texto_largo');

/** Required trimmed text; `key` is the validation message when it is missing or empty. */
export const requiredText = (key: string, max = 200) => trimmedText(key, max).refine(hasNoHiddenCharacters, 'texto_caracteres_ocultos');

/** Required trimmed text of one line (a name, an address line): no line break, control character or invisible mark. */
export const oneLineText = (key: string, max: number) => trimmedText(key, max).refine(isOneLine, 'texto_una_linea');

/** Optional text: empty strings and null become undefined. */
export const optionalText = (max = 500) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: 'valor_invalido' })
      .trim()
      .max(max, 'texto_largo')
      .refine(hasNoHiddenCharacters, 'texto_caracteres_ocultos')
      .optional(),
  );

/**
 * Required text of several lines that reaches other people (a visit's reason, the opening hours):
 * line breaks are kept (written as \n), but no other control character and no invisible mark.
 */
export const linesText = (key: string, max: number) =>
  z
    .string({ error: key })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, key)
        .max(max, 'texto_largo')
        .refine((value) => value.split('\n').every(isOneLine), 'texto_caracteres_ocultos'),
    );

/** A person's name (nombre, apellidos): required, trimmed, one line with no control characters. */
export const nameText = (key: string, max = 100) => oneLineText(key, max);

/** An optional name (the second surname): as `optionalText`, one line. */
export const optionalNameText = (max = 100) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string({ error: 'valor_invalido' }).trim().max(max, 'texto_largo').refine(isOneLine, 'texto_una_linea').optional(),
  );

export const emailField = z
  .string({ error: 'correo_invalido' })
  .trim()
  .max(254, 'correo_invalido')
  .pipe(z.email('correo_invalido'))
  .transform((value) => value.toLowerCase());

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A calendar date, YYYY-MM-DD. */
export const dateField = z
  .string({ error: 'fecha_invalida' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'fecha_invalida')
  .refine(isRealDate, 'fecha_invalida');

/** A time of day accepted as HH:MM or HH:MM:SS and kept as HH:MM. */
export const timeField = z
  .string({ error: 'hora_invalida' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'hora_invalida')
  .transform((value) => value.slice(0, 5));

/**
 * The largest id a row can have: ids are PostgreSQL `integer`s (SQLite's are wider), so a larger
 * number names nothing and would only reach the database to fail there.
 */
export const MAX_ID = 2_147_483_647;

/**
 * A whole number in a JSON body: a number, or a string of plain decimal digits ("15"), as a form's
 * select sends it. Anything else reaches `schema` as it came and fails there: zod's coercion would
 * read [15] and "0x0f" as 15, true as 1 and null as 0, a value the caller did not write.
 */
export const numberInBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value), schema);

/**
 * A positive integer id in a JSON body: a number, or a string of digits ("5"), the same way for
 * every id field (a spec client may send either). Anything else fails with `message`.
 */
export const idField = (message = 'valor_invalido') =>
  numberInBody(z.number({ error: message }).int(message).positive(message).max(MAX_ID, message));

/**
 * A positive integer id in a path or query string, written in plain decimal digits: '0x10', '1.0',
 * ' 1' or '0b1' are not ids (Number() would read them as 16 and 1, naming a record the caller did
 * not write).
 */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'valor_invalido')
  .transform(Number)
  .pipe(z.number().max(MAX_ID, 'valor_invalido'));

/**
 * A search counts its matches up to this many (or to the end of the page asked for, if further),
 * so its cost does not grow with the clinic. Past it, X-Total-Count is that many and the header
 * X-Total-Count-Approximate: true says there are more (the screens say "more than 100"). At
 * 100,000 patients a common fragment has thousands of matches; counting a thousand of them cost
 * three times the rest of the request, and no one pages through a hundred names.
 */
export const SEARCH_COUNT_LIMIT = 100;
export const APPROXIMATE_TOTAL_HEADER = 'X-Total-Count-Approximate';

/** Paging of growing lists; the total goes in the X-Total-Count header. */
export const pagingQuery = z.object({
  buscar: z.string().trim().max(100, 'texto_largo').optional(),
  pagina: z.coerce.number({ error: 'numero_invalido' }).int('numero_invalido').min(1, 'numero_invalido').default(1),
  por_pagina: z.coerce
    .number({ error: 'numero_invalido' })
    .int('numero_invalido')
    .min(1, 'numero_invalido')
    .max(200, 'numero_invalido')
    .default(50),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/** Lower-case and accent-free text, the form searches compare ('José' finds 'jose'). */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export const errorBody = z.object({
  detail: z.string(),
  code: z.string(),
  errores: z.array(z.object({ campo: z.string(), mensaje: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
