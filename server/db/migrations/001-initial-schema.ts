import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/** The whole product's schema: accounts, clinic, agenda, clinical file, chat, contact, audit. */
export const initialSchema: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('usuarios')
      .addColumn('id_usuario', 'integer', primaryKey)
      .addColumn('nombre_usuario', 'text', (c) => c.notNull().unique())
      .addColumn('correo', 'text', (c) => c.notNull().unique())
      .addColumn('contrasena_hash', 'text', (c) => c.notNull())
      .addColumn('rol', 'text', (c) => c.notNull().check(sql`rol in ('paciente', 'doctor', 'admin')`))
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('apellido1', 'text', (c) => c.notNull())
      .addColumn('apellido2', 'text')
      .addColumn('dni', 'text')
      .addColumn('nacimiento', 'text')
      .addColumn('sexo', 'text', (c) => c.check(sql`sexo in ('M', 'F')`))
      .addColumn('telefono', 'text')
      .addColumn('direccion', 'text')
      .addColumn('codigo_postal', 'text')
      .addColumn('localidad', 'text')
      .addColumn('provincia', 'text')
      .addColumn('pais', 'text')
      .addColumn('idioma', 'text', (c) => c.notNull().defaultTo('es'))
      .addColumn('busqueda', 'text', (c) => c.notNull())
      .addColumn('version_token', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('eliminado_en', 'text')
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('usuarios_rol').on('usuarios').columns(['rol', 'activo']).execute();

    await db.schema
      .createTable('pacientes')
      .addColumn('id_paciente', 'integer', primaryKey)
      .addColumn('id_usuario', 'integer', (c) => c.notNull().unique().references('usuarios.id_usuario'))
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('Activo').check(sql`estado in ('Activo', 'Inactivo')`))
      .addColumn('fecha_alta', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('especialidades')
      .addColumn('id_especialidad', 'integer', primaryKey)
      .addColumn('codigo', 'text', (c) => c.notNull().unique())
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('nombre_ca', 'text', (c) => c.notNull())
      .addColumn('nombre_en', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('doctores')
      .addColumn('id_doctor', 'integer', primaryKey)
      .addColumn('id_usuario', 'integer', (c) => c.notNull().unique().references('usuarios.id_usuario'))
      .addColumn('numero_colegiado', 'text', (c) => c.notNull().unique())
      .addColumn('id_especialidad', 'integer', (c) => c.notNull().references('especialidades.id_especialidad'))
      .addColumn('horario', 'text')
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('Activo').check(sql`estado in ('Activo', 'Inactivo')`))
      .addColumn('fecha_alta', 'text', (c) => c.notNull())
      .addColumn('fecha_baja', 'text')
      .addColumn('creado_automaticamente', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('intervalo_min', 'integer', (c) => c.notNull().defaultTo(15))
      .execute();
    await db.schema.createIndex('doctores_especialidad').on('doctores').column('id_especialidad').execute();

    await db.schema
      .createTable('agenda')
      .addColumn('id_agenda', 'integer', primaryKey)
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('fecha', 'text', (c) => c.notNull())
      .addColumn('hora_inicio', 'text', (c) => c.notNull())
      .addColumn('hora_fin', 'text', (c) => c.notNull())
      .addColumn('duracion_min', 'integer', (c) => c.notNull())
      .addColumn('tipo', 'text', (c) => c.notNull().check(sql`tipo in ('Consulta', 'Bloqueo')`))
      .addColumn('estado', 'text', (c) =>
        c.notNull().check(sql`estado in ('Disponible', 'Reservado', 'Bloqueado')`),
      )
      .addColumn('descripcion', 'text')
      .addUniqueConstraint('agenda_un_hueco_por_hora', ['id_doctor', 'fecha', 'hora_inicio'])
      .execute();

    await db.schema
      .createTable('citas')
      .addColumn('id_cita', 'integer', primaryKey)
      .addColumn('id_paciente', 'integer', (c) => c.notNull().references('pacientes.id_paciente'))
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('id_agenda', 'integer', (c) => c.notNull().references('agenda.id_agenda'))
      .addColumn('fecha', 'text', (c) => c.notNull())
      .addColumn('hora', 'text', (c) => c.notNull())
      .addColumn('motivo', 'text', (c) => c.notNull())
      .addColumn('recordatorio', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('estado', 'text', (c) =>
        c.notNull().check(sql`estado in ('pendiente', 'Confirmada', 'Cancelada')`),
      )
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .execute();
    // At most one active appointment per slot, whatever the concurrency.
    await db.schema
      .createIndex('citas_una_activa_por_hueco')
      .unique()
      .on('citas')
      .column('id_agenda')
      .where(sql.ref('estado'), '<>', sql.lit('Cancelada'))
      .execute();
    await db.schema.createIndex('citas_paciente').on('citas').columns(['id_paciente', 'fecha']).execute();
    await db.schema.createIndex('citas_doctor').on('citas').columns(['id_doctor', 'estado', 'fecha']).execute();

    await db.schema
      .createTable('consultas')
      .addColumn('id_consulta', 'integer', primaryKey)
      .addColumn('id_paciente', 'integer', (c) => c.notNull().references('pacientes.id_paciente'))
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('id_cita', 'integer', (c) => c.references('citas.id_cita'))
      .addColumn('fecha', 'text', (c) => c.notNull())
      .addColumn('hora', 'text', (c) => c.notNull())
      .addColumn('tipo', 'text', (c) =>
        c.notNull().defaultTo('Consulta').check(sql`tipo in ('Consulta', 'Revisión', 'Urgencia')`),
      )
      .addColumn('motivo', 'text', (c) => c.notNull())
      .addColumn('descripcion', 'text')
      .addColumn('diagnostico', 'text')
      .addColumn('recomendaciones', 'text')
      .addColumn('estado', 'text', (c) =>
        c.notNull().check(sql`estado in ('pendiente', 'confirmada', 'finalizada')`),
      )
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('finalizada_en', 'text')
      .execute();
    await db.schema.createIndex('consultas_paciente').on('consultas').columns(['id_paciente', 'fecha']).execute();
    await db.schema.createIndex('consultas_doctor').on('consultas').columns(['id_doctor', 'fecha']).execute();

    const clinicalTable = (name: string, id: string) =>
      db.schema
        .createTable(name)
        .addColumn(id, 'integer', primaryKey)
        .addColumn('id_paciente', 'integer', (c) => c.notNull().references('pacientes.id_paciente'))
        .addColumn('creado_por', 'integer', (c) => c.references('usuarios.id_usuario'))
        .addColumn('creado_en', 'text', (c) => c.notNull());

    await clinicalTable('alergias', 'id_alergia')
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('fecha_diagnostico', 'text')
      .addColumn('observaciones', 'text')
      .execute();
    await clinicalTable('enfermedades', 'id_enfermedad')
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('tipo', 'text')
      .addColumn('fecha_diagnostico', 'text')
      .addColumn('observaciones', 'text')
      .addColumn('activa', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await clinicalTable('discapacidades', 'id_discapacidad')
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('porcentaje', 'integer', (c) => c.check(sql`porcentaje between 0 and 100`))
      .addColumn('fecha_diagnostico', 'text')
      .addColumn('descripcion', 'text')
      .execute();
    await clinicalTable('habitos', 'id_habito')
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('frecuencia', 'text')
      .addColumn('duracion', 'text')
      .addColumn('observaciones', 'text')
      .execute();
    await clinicalTable('vacunas', 'id_vacuna')
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('fecha_aplicacion', 'text')
      .addColumn('dosis', 'text')
      .addColumn('descripcion', 'text')
      .execute();
    for (const table of ['alergias', 'enfermedades', 'discapacidades', 'habitos', 'vacunas']) {
      await db.schema.createIndex(`${table}_paciente`).on(table).column('id_paciente').execute();
    }

    await db.schema
      .createTable('archivos')
      .addColumn('id_archivo', 'integer', primaryKey)
      .addColumn('id_paciente', 'integer', (c) => c.notNull().references('pacientes.id_paciente'))
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('tamano', 'integer', (c) => c.notNull())
      .addColumn('ruta', 'text', (c) => c.notNull().unique())
      .addColumn('fecha_subida', 'text', (c) => c.notNull())
      .addColumn('subido_por', 'integer', (c) => c.references('usuarios.id_usuario'))
      .execute();
    await db.schema.createIndex('archivos_paciente').on('archivos').column('id_paciente').execute();

    await db.schema
      .createTable('chats')
      .addColumn('id_chat', 'integer', primaryKey)
      .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
      .addColumn('nombre_chat', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chats_usuario').on('chats').columns(['id_usuario', 'actualizado_en']).execute();
    await db.schema
      .createTable('mensajes_chat')
      .addColumn('id_mensaje', 'integer', primaryKey)
      .addColumn('id_chat', 'integer', (c) => c.notNull().references('chats.id_chat').onDelete('cascade'))
      .addColumn('rol', 'text', (c) => c.notNull().check(sql`rol in ('user', 'assistant')`))
      .addColumn('contenido', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mensajes_chat_chat').on('mensajes_chat').column('id_chat').execute();

    await db.schema
      .createTable('mensajes_contacto')
      .addColumn('id_mensaje', 'integer', primaryKey)
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('correo', 'text', (c) => c.notNull())
      .addColumn('mensaje', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('auditoria')
      .addColumn('id_auditoria', 'integer', primaryKey)
      .addColumn('id_usuario', 'integer', (c) => c.references('usuarios.id_usuario'))
      .addColumn('rol', 'text')
      .addColumn('id_paciente', 'integer', (c) => c.references('pacientes.id_paciente'))
      .addColumn('accion', 'text', (c) => c.notNull())
      .addColumn('detalle', 'text')
      .addColumn('ip', 'text')
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auditoria_paciente').on('auditoria').columns(['id_paciente', 'creado_en']).execute();
    await db.schema.createIndex('auditoria_usuario').on('auditoria').columns(['id_usuario', 'creado_en']).execute();
    await db.schema.createIndex('auditoria_fecha').on('auditoria').column('creado_en').execute();

    await db.schema
      .createTable('recordatorios')
      .addColumn('id_recordatorio', 'integer', primaryKey)
      .addColumn('id_cita', 'integer', (c) => c.notNull().unique().references('citas.id_cita'))
      .addColumn('enviar_en', 'text', (c) => c.notNull())
      .addColumn('estado', 'text', (c) =>
        c.notNull().check(sql`estado in ('pendiente', 'enviado', 'cancelado', 'fallido')`),
      )
      .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reservado_hasta', 'text')
      .addColumn('enviado_en', 'text')
      .execute();
    await db.schema.createIndex('recordatorios_pendientes').on('recordatorios').columns(['estado', 'enviar_en']).execute();
  },
};
