import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * The clinic's catalogue of visit types, which of them each doctor offers (and at what length), and
 * the extra slots a visit longer than one slot holds. The spec's three consultation types are the
 * first catalogue, each keyed by its stored Spanish word (`clave`) so a consultation's `tipo` keeps
 * its meaning; every visit booked before this had no type and was a 'Consulta' of one slot.
 */
export const visitTypes: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('tipos_visita')
      .addColumn('id_tipo', 'integer', primaryKey)
      .addColumn('clave', 'text', (c) => c.unique())
      .addColumn('nombre_es', 'text', (c) => c.notNull())
      .addColumn('nombre_ca', 'text', (c) => c.notNull())
      .addColumn('nombre_en', 'text', (c) => c.notNull())
      .addColumn('duracion_min', 'integer', (c) => c.notNull().check(sql`duracion_min between 5 and 480`))
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('reserva', 'text', (c) => c.notNull().check(sql`reserva in ('todos', 'pacientes_doctor', 'personal')`))
      .addColumn('instrucciones', 'text')
      .addColumn('margen_min', 'integer', (c) => c.notNull().defaultTo(0).check(sql`margen_min between 0 and 120`))
      .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .execute();
    const stamp = new Date().toISOString();
    const seed = (clave: string, es: string, ca: string, en: string, color: string, reserva: string) => ({
      clave,
      nombre_es: es,
      nombre_ca: ca,
      nombre_en: en,
      duracion_min: 15,
      color,
      reserva,
      instrucciones: null,
      margen_min: 0,
      activo: 1,
      creado_en: stamp,
      actualizado_en: stamp,
    });
    await db
      .insertInto('tipos_visita')
      .values([
        seed('Consulta', 'Consulta', 'Consulta', 'Consultation', '#1c7ed6', 'todos'),
        seed('Revisión', 'Revisión', 'Revisió', 'Check-up', '#2f9e44', 'pacientes_doctor'),
        seed('Urgencia', 'Urgencia', 'Urgència', 'Emergency', '#e03131', 'personal'),
      ])
      .execute();

    await db.schema
      .createTable('tipos_visita_doctor')
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor').onDelete('cascade'))
      .addColumn('id_tipo', 'integer', (c) => c.notNull().references('tipos_visita.id_tipo').onDelete('cascade'))
      .addColumn('duracion_min', 'integer', (c) => c.check(sql`duracion_min between 5 and 480`))
      .addPrimaryKeyConstraint('tipos_visita_doctor_pk', ['id_doctor', 'id_tipo'])
      .execute();

    // A visit's type and the minutes it holds (its length plus the type's buffer), fixed when booked.
    await db.schema.alterTable('citas').addColumn('id_tipo_visita', 'integer').execute();
    await db.schema.alterTable('citas').addColumn('duracion_min', 'integer').execute();
    const consulta: { id_tipo: number } = await db.selectFrom('tipos_visita').select('id_tipo').where('clave', '=', 'Consulta').executeTakeFirstOrThrow();
    await db.updateTable('citas').set({ id_tipo_visita: consulta.id_tipo }).execute();
    await db.schema.createIndex('citas_por_tipo').on('citas').columns(['id_tipo_visita', 'fecha']).execute();

    // The slots after the first that a longer visit holds. The primary key is the slot: one holder
    // at a time, whatever the interleaving; rows go when the visit lets the slots go.
    await db.schema
      .createTable('citas_huecos')
      .addColumn('id_agenda', 'integer', (c) => c.primaryKey().references('agenda.id_agenda').onDelete('cascade'))
      .addColumn('id_cita', 'integer', (c) => c.notNull().references('citas.id_cita').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('citas_huecos_por_cita').on('citas_huecos').column('id_cita').execute();
  },
};
