import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export interface MigrationContext {
  // Migrations describe the schema as it was when they were written, so they use an untyped handle.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  dialect: DialectName;
  /** An auto-incrementing integer primary key, spelled the way each database wants it. */
  primaryKey: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  /**
   * SQLite only: runs `edit` with the schema table writable, for the one change SQLite's own
   * documentation does that way (loosening a CHECK constraint without rebuilding the table).
   */
  withWritableSqliteSchema?: (edit: () => Promise<void>) => Promise<void>;
}

export interface GalenoMigration {
  up(context: MigrationContext): Promise<void>;
}
