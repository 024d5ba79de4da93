import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export interface MigrationContext {
  // Migrations describe the schema as it was when they were written, so they use an untyped handle.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  dialect: DialectName;
  /** An auto-incrementing integer primary key, spelled the way each database wants it. */
  primaryKey: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

export interface GalenoMigration {
  up(context: MigrationContext): Promise<void>;
}
