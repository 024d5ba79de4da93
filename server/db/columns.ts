/**
 * Column lists that many reads select alike, in Kysely's notation: a list names the alias it reads
 * from, which the query joins.
 */

/** A specialty's names (e: especialidades) in the three languages, as `especialidad_es|ca|en`. */
export const specialtyNameColumns = [
  'e.nombre as especialidad_es',
  'e.nombre_ca as especialidad_ca',
  'e.nombre_en as especialidad_en',
] as const;

/** A doctor's names (u: their usuarios row) and their specialty's names (e). */
export const doctorNameColumns = ['u.nombre', 'u.apellido1', 'u.apellido2', ...specialtyNameColumns] as const;
