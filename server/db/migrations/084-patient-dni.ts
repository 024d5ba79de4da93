import type { GalenoMigration } from './types.ts';

/**
 * A profile change looks for another active account holding the same DNI/NIE before it saves one
 * (patients.service.ts): one seek instead of a walk over every account.
 */
export const patientDni: GalenoMigration = {
  async up({ db }) {
    await db.schema.createIndex('usuarios_dni').on('usuarios').column('dni').execute();
  },
};
