import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

export interface NewContactMessage {
  nombre: string;
  correo: string;
  mensaje: string;
  creado_en: string;
}

export async function insertContactMessage(db: Kysely<Database>, message: NewContactMessage): Promise<{ id_mensaje: number }> {
  return db.insertInto('mensajes_contacto').values(message).returning('id_mensaje').executeTakeFirstOrThrow();
}
