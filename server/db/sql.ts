import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from './migrations/types.ts';

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

/**
 * `column IN (ids)`. On PostgreSQL the ids go as one array parameter (`column = any($1)`): one
 * statement however many ids, whose plan PostgreSQL keeps after its first runs, where a list of
 * parameters is a statement of its own for each length, planned again at every run.
 */
export function isOneOf(dialect: DialectName, column: string, ids: readonly number[]): RawBuilder<boolean> {
  if (dialect === 'postgres') return sql<boolean>`${sql.ref(column)} = any(${[...ids]}::integer[])`;
  return ids.length === 0 ? sql<boolean>`0 = 1` : sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})`;
}
