import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../contracts/messages/index.ts';
import type { Database } from '../../db/schema/index.ts';
import { fullName } from '../patients/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

// Every query here reads whole rows of one patient (or of their account): the export is all they
// have, oldest first, the order of a record.

/** The account itself, without its password hash or token version. */
export async function findAccount(db: Db, id_usuario: number) {
  return db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nombre_usuario', 'correo', 'rol', 'idioma', 'activo', 'creado_en'])
    .where('id_usuario', '=', id_usuario)
    .executeTakeFirst();
}

/** The password reset links asked for the account: their dates only, never the token's hash. */
export async function listPasswordResets(db: Db, id_usuario: number) {
  return db
    .selectFrom('restablecimientos_contrasena')
    .select(['creado_en', 'caduca_en', 'usado_en'])
    .where('id_usuario', '=', id_usuario)
    .orderBy('creado_en')
    .orderBy('id_restablecimiento')
    .execute();
}

/** The medical file's rows with when they were written and who wrote them (an account id). */
export async function listFileEntries(db: Db, id_paciente: number) {
  const [alergias, enfermedades, discapacidades, habitos, vacunas] = await Promise.all([
    db.selectFrom('alergias').selectAll().where('id_paciente', '=', id_paciente).orderBy('id_alergia').execute(),
    db.selectFrom('enfermedades').selectAll().where('id_paciente', '=', id_paciente).orderBy('id_enfermedad').execute(),
    db
      .selectFrom('discapacidades')
      .selectAll()
      .where('id_paciente', '=', id_paciente)
      .orderBy('id_discapacidad')
      .execute(),
    db.selectFrom('habitos').selectAll().where('id_paciente', '=', id_paciente).orderBy('id_habito').execute(),
    db.selectFrom('vacunas').selectAll().where('id_paciente', '=', id_paciente).orderBy('id_vacuna').execute(),
  ]);
  return { alergias, enfermedades, discapacidades, habitos, vacunas };
}

/** Display names of accounts (whoever recorded an entry), by id. */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nombre', 'apellido1', 'apellido2'])
    .where('id_usuario', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id_usuario, fullName(row)]));
}

const specialtyColumn = { es: 'e.nombre', ca: 'e.nombre_ca', en: 'e.nombre_en' } as const;

/** Every consultation, whatever its state, with the full clinical text. */
export async function listConsultations(db: Db, id_paciente: number, language: Language) {
  const rows = await db
    .selectFrom('consultas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select([
      'c.id_consulta',
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.tipo',
      'c.estado',
      'c.motivo',
      'c.descripcion',
      'c.diagnostico',
      'c.recomendaciones',
      'c.creado_en',
      'c.finalizada_en',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
      `${specialtyColumn[language]} as especialidad`,
    ])
    .where('c.id_paciente', '=', id_paciente)
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .orderBy('c.id_consulta')
    .execute();
  return rows.map(({ nombre, apellido1, apellido2, ...row }) => ({
    ...row,
    hora: row.hora.slice(0, 5),
    doctor: fullName({ nombre, apellido1, apellido2 }),
  }));
}

/** Every appointment, cancelled ones too, with its reminder if one was asked for. */
export async function listAppointments(db: Db, id_paciente: number, language: Language) {
  const rows = await db
    .selectFrom('citas as ci')
    .innerJoin('doctores as d', 'd.id_doctor', 'ci.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .leftJoin('recordatorios as r', 'r.id_cita', 'ci.id_cita')
    .select([
      'ci.id_cita',
      'ci.fecha',
      'ci.hora',
      'ci.motivo',
      'ci.estado',
      'ci.recordatorio',
      'ci.creado_en',
      'ci.actualizado_en',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
      `${specialtyColumn[language]} as especialidad`,
      'r.estado as aviso_estado',
      'r.enviar_en as aviso_enviar_en',
      'r.enviado_en as aviso_enviado_en',
    ])
    .where('ci.id_paciente', '=', id_paciente)
    .orderBy('ci.fecha')
    .orderBy('ci.hora')
    .orderBy('ci.id_cita')
    .execute();
  return rows.map((row) => ({
    id_cita: row.id_cita,
    fecha: row.fecha,
    hora: row.hora.slice(0, 5),
    doctor: fullName(row),
    especialidad: row.especialidad,
    motivo: row.motivo,
    estado: row.estado,
    recordatorio: Number(row.recordatorio) === 1,
    aviso:
      row.aviso_estado && row.aviso_enviar_en
        ? { estado: row.aviso_estado, enviar_en: row.aviso_enviar_en, enviado_en: row.aviso_enviado_en }
        : null,
    creado_en: row.creado_en,
    actualizado_en: row.actualizado_en,
  }));
}

/** The user's assistant conversations, each with all its messages. */
export async function listConversations(db: Db, id_usuario: number) {
  const [chats, messages] = await Promise.all([
    db
      .selectFrom('chats')
      .select(['id_chat', 'nombre_chat', 'creado_en', 'actualizado_en'])
      .where('id_usuario', '=', id_usuario)
      .orderBy('creado_en')
      .orderBy('id_chat')
      .execute(),
    db
      .selectFrom('mensajes_chat as m')
      .innerJoin('chats as c', 'c.id_chat', 'm.id_chat')
      .select(['m.id_chat', 'm.rol', 'm.contenido', 'm.creado_en'])
      .where('c.id_usuario', '=', id_usuario)
      .orderBy('m.id_mensaje')
      .execute(),
  ]);
  const byChat = new Map(
    chats.map((chat) => [
      chat.id_chat,
      { ...chat, mensajes: [] as { rol: 'user' | 'assistant'; contenido: string; creado_en: string }[] },
    ]),
  );
  for (const { id_chat, ...message } of messages) byChat.get(id_chat)?.mensajes.push(message);
  return [...byChat.values()];
}

/** Audit entries about the patient's record or made by the patient, oldest first. */
export async function listAuditAbout(db: Db, id_paciente: number, id_usuario: number) {
  const rows = await db
    .selectFrom('auditoria as a')
    .leftJoin('usuarios as u', 'u.id_usuario', 'a.id_usuario')
    .select([
      'a.id_auditoria',
      'a.creado_en',
      'a.id_usuario',
      'a.rol',
      'a.accion',
      'a.detalle',
      'a.ip',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
      'u.sexo',
    ])
    .where((eb) => eb.or([eb('a.id_paciente', '=', id_paciente), eb('a.id_usuario', '=', id_usuario)]))
    .orderBy('a.creado_en')
    .orderBy('a.id_auditoria')
    .execute();
  return rows.map((row) => ({
    creado_en: row.creado_en,
    quien: row.nombre
      ? fullName({ nombre: row.nombre, apellido1: row.apellido1 ?? '', apellido2: row.apellido2 })
      : '-',
    sexo: row.sexo,
    propio: row.id_usuario === id_usuario,
    rol: row.rol,
    accion: row.accion,
    detalle: row.detalle,
    // The address a member of staff worked from is theirs, not the patient's.
    ip: row.id_usuario === id_usuario ? row.ip : null,
  }));
}
