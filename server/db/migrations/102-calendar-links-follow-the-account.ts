import type { GalenoMigration } from './types.ts';

/**
 * A calendar-feed address is made under the account's `version_token`, and works only while the
 * account keeps it: whatever ends all of an account's sessions (a password change or reset, an
 * administrator's "end all sessions", enrolling a second factor, a change of role) moves the
 * account's version on, so the address stops working too. Addresses made before this are of
 * version 0, the version every account still had.
 */
export const calendarLinksFollowTheAccount: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('enlaces_calendario').addColumn('version_token', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
