import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * The waitlist: a patient waits for a doctor, or for any doctor of a specialty, over a range of
 * dates and a part of the day. `objetivo` names what is waited for ('doctor:7', 'especialidad:3'),
 * so one partial unique index refuses a second active entry for the same thing, whatever the
 * concurrency. A doctor's entry also keeps the doctor's specialty.
 */
export const waitlist: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('lista_espera')
      .addColumn('id_entrada', 'integer', primaryKey)
      .addColumn('id_paciente', 'integer', (c) => c.notNull().references('pacientes.id_paciente'))
      .addColumn('id_doctor', 'integer', (c) => c.references('doctores.id_doctor'))
      .addColumn('id_especialidad', 'integer', (c) => c.notNull().references('especialidades.id_especialidad'))
      .addColumn('objetivo', 'text', (c) => c.notNull())
      .addColumn('desde', 'text', (c) => c.notNull())
      .addColumn('hasta', 'text', (c) => c.notNull())
      .addColumn('franja', 'text', (c) => c.notNull())
      .addColumn('hora_desde', 'text', (c) => c.notNull())
      .addColumn('hora_hasta', 'text', (c) => c.notNull())
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('activa'))
      .addColumn('ofertas', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('terminada_en', 'text')
      .execute();
    await db.schema
      .createIndex('lista_espera_una_activa')
      .unique()
      .on('lista_espera')
      .columns(['id_paciente', 'objetivo'])
      .where(sql.ref('estado'), '=', sql.lit('activa'))
      .execute();
    await db.schema.createIndex('lista_espera_paciente').on('lista_espera').columns(['id_paciente', 'estado']).execute();
    await db.schema.createIndex('lista_espera_cola').on('lista_espera').columns(['estado', 'creado_en']).execute();
  },
};
