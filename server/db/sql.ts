import { sql, type RawBuilder } from 'kysely';

/** LIKE patterns treat % and _ as wildcards; searched text must match them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column LIKE '%text%'` with the text taken literally, on SQLite and PostgreSQL alike. */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${`%${escapeLike(text)}%`} escape '\\'`;
}

/** `column LIKE 'text%'` with the text taken literally. */
export function startsWithText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${`${escapeLike(text)}%`} escape '\\'`;
}

/**
 * The texts that start with `text`, as a range an index on the column can seek to (every such text
 * sorts from `text` up to `text` with its last character raised by one, in byte order as in any
 * locale's), checked exactly by LIKE.
 */
export function startsWithTextInRange(column: string, text: string): RawBuilder<boolean> {
  const characters = [...text];
  const last = characters.pop()?.codePointAt(0) ?? 0;
  // Past the last character; a lone surrogate cannot be sent, so skip their block.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  const upper = characters.join('') + String.fromCodePoint(next);
  return sql<boolean>`(${sql.ref(column)} >= ${text} and ${sql.ref(column)} < ${upper} and ${startsWithText(column, text)})`;
}
