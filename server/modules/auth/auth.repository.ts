import type { Kysely, Transaction } from 'kysely';
import type { Database, Rol } from '../../db/schema/index.ts';
import { identifierQuery } from '../accounts/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SessionRow {
  id_usuario: number;
  nombre_usuario: string;
  correo: string;
  nombre: string;
  apellido1: string;
  rol: Rol;
  idioma: 'es' | 'ca' | 'en';
  version_token: number;
  activo: number;
  contrasena_hash: string;
  id_paciente: number | null;
  id_doctor: number | null;
}

export const sessionColumns = [
  'u.id_usuario',
  'u.nombre_usuario',
  'u.correo',
  'u.nombre',
  'u.apellido1',
  'u.rol',
  'u.idioma',
  'u.version_token',
  'u.activo',
  'u.contrasena_hash',
  'p.id_paciente',
  'd.id_doctor',
] as const;

function sessionQuery(db: Db) {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .leftJoin('doctores as d', 'd.id_usuario', 'u.id_usuario')
    .select(sessionColumns);
}

export async function findSessionUser(db: Db, id_usuario: number): Promise<SessionRow | undefined> {
  return sessionQuery(db).where('u.id_usuario', '=', id_usuario).executeTakeFirst();
}

/** The active account a username or e-mail names (one namespace, migration 051). */
export async function findLoginUser(db: Db, identifier: string): Promise<SessionRow | undefined> {
  return identifierQuery(db, identifier)
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .leftJoin('doctores as d', 'd.id_usuario', 'u.id_usuario')
    .select(sessionColumns)
    .where('u.activo', '=', 1)
    .executeTakeFirst();
}

