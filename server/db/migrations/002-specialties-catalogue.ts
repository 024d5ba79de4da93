import { specialties } from '../seed/specialties.ts';
import type { GalenoMigration } from './types.ts';

/** The specialty catalogue is reference data every installation needs, so a migration loads it. */
export const specialtiesCatalogue: GalenoMigration = {
  async up({ db }) {
    await db
      .insertInto('especialidades')
      .values(specialties.map(([codigo, nombre, nombre_ca, nombre_en]) => ({ codigo, nombre, nombre_ca, nombre_en })))
      .execute();
  },
};
