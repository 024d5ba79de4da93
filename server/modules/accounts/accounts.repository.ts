import { fullName } from '../../../contracts/names.ts';
import { ROLES } from '../../../contracts/roles.ts';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { normalizeForSearch, SEARCH_COUNT_LIMIT } from '../../../contracts/common.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { DialectName } from '../../db/index.ts';
import { containsText, isOneOf, startsWithText, startsWithTextInRange } from '../../db/sql.ts';
import type { UsuarioFicha } from '../../../contracts/profiles.ts';
import type { PerfilPacienteUpdate } from '../../../contracts/patient.ts';
import type { Database, NuevoUsuario, Rol, UsuariosTable } from '../../db/schema/index.ts';
import type { Language } from '../../../contracts/messages/languages.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An account's personal data (`u` = usuarios), the part the patient's and the doctor's profiles share. */
export const personalDataColumns = [
  'u.nombre',
  'u.apellido1',
  'u.apellido2',
  'u.correo',
  'u.dni',
  'u.nacimiento',
  'u.sexo',
  'u.telefono',
  'u.direccion',
  'u.codigo_postal',
  'u.localidad',
  'u.provincia',
  'u.pais',
] as const;

type PersonalData = Pick<
  UsuariosTable,
  'nombre' | 'apellido1' | 'apellido2' | 'correo' | 'dni' | 'nacimiento' | 'sexo' | 'telefono' | 'direccion' | 'codigo_postal' | 'localidad' | 'provincia' | 'pais'
>;

/** The personal data in the spec's shape (section 3), the address grouped. */
export function personalProfileOf(row: PersonalData): UsuarioFicha {
  return {
    nombre: row.nombre,
    apellido1: row.apellido1,
    apellido2: row.apellido2,
    correo: row.correo,
    dni: row.dni,
    nacimiento: row.nacimiento,
    sexo: row.sexo,
    telefono: row.telefono,
    direccion: {
      direccion: row.direccion,
      codigo_postal: row.codigo_postal,
      localidad: row.localidad,
      provincia: row.provincia,
      pais: row.pais,
    },
  };
}

export interface NewAccount {
  nombre_usuario: string;
  correo: string;
  contrasena_hash: string;
  rol: Rol;
  nombre: string;
  apellido1: string;
  apellido2?: string | null | undefined;
  idioma?: 'es' | 'ca' | 'en';
  creado_en: string;
}

export function searchTextOf(user: {
  nombre: string;
  apellido1: string;
  apellido2?: string | null | undefined;
  nombre_usuario: string;
  correo: string;
}): string {
  return normalizeForSearch(
    [user.nombre, user.apellido1, user.apellido2 ?? '', user.nombre_usuario, user.correo].join(' '),
  );
}

/** The account a registration payload (patient or doctor, spec section 3) describes. */
export function accountOf(
  input: { usuario: string; email: string; nombre: string; apellido_1: string; apellido_2?: string | undefined },
  account: { rol: Rol; contrasena_hash: string; idioma: 'es' | 'ca' | 'en'; creado_en: string },
): NewAccount {
  return {
    ...account,
    nombre_usuario: input.usuario,
    correo: input.email,
    nombre: input.nombre,
    apellido1: input.apellido_1,
    apellido2: input.apellido_2,
  };
}

export async function insertUser(db: Db, account: NewAccount): Promise<number> {
  const values: NuevoUsuario = {
    nombre_usuario: account.nombre_usuario,
    correo: account.correo,
    contrasena_hash: account.contrasena_hash,
    rol: account.rol,
    nombre: account.nombre,
    apellido1: account.apellido1,
    apellido2: account.apellido2 ?? null,
    dni: null,
    nacimiento: null,
    sexo: null,
    telefono: null,
    direccion: null,
    codigo_postal: null,
    localidad: null,
    provincia: null,
    pais: null,
    idioma: account.idioma ?? 'es',
    busqueda: searchTextOf(account),
    eliminado_en: null,
    creado_en: account.creado_en,
  };
  const row = await db.insertInto('usuarios').values(values).returning('id_usuario').executeTakeFirstOrThrow();
  return row.id_usuario;
}

/** A patient record; `ip_registro` is the address of a patient who signed up themselves. */
export async function insertPatient(db: Db, id_usuario: number, fecha_alta: string, ip_registro: string | null = null): Promise<number> {
  const row = await db
    .insertInto('pacientes')
    .values({ id_usuario, estado: 'Activo', fecha_alta, ip_registro })
    .returning('id_paciente')
    .executeTakeFirstOrThrow();
  return row.id_paciente;
}

/**
 * Which of a username and an e-mail are already taken, by any account (deleted ones too), in the
 * one namespace of usernames and e-mails (migration 051): an e-mail equal to someone's username
 * is taken, and so is a username equal to someone's e-mail.
 */
export async function findTakenIdentifiers(db: Db, nombre_usuario: string, correo: string) {
  const username = nombre_usuario.toLowerCase();
  const email = correo.toLowerCase();
  const rows = await db
    .selectFrom('identificadores')
    .select('identificador')
    .where((eb) => eb.or([eb('identificador', '=', sql<string>`lower(${username})`), eb('identificador', '=', sql<string>`lower(${email})`)]))
    .execute();
  return {
    username: rows.some((r) => r.identificador === username),
    email: rows.some((r) => r.identificador === email),
  };
}

/** The account a username or an e-mail names (one at most: they share one unique key). */
export function identifierQuery(db: Db, identifier: string) {
  return db
    .selectFrom('identificadores as i')
    .innerJoin('usuarios as u', 'u.id_usuario', 'i.id_usuario')
    .where('i.identificador', '=', sql<string>`lower(${identifier.toLowerCase()})`);
}

// ---------------------------------------------------------------------------------------------
// Lists, search and account administration.

export interface ListQuery {
  buscar?: string | undefined;
  pagina: number;
  por_pagina: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** The list has more than `total` items (a search counted up to a limit). */
  approximate?: true;
}

interface Search {
  condition: RawBuilder<boolean>;
  /** The FTS5 phrase (SQLite, three or more characters: served by the trigram table). */
  phrase?: string;
  /** The normalized term, for a LIKE test that walks the (rol, activo, busqueda) index in name order. */
  text: string;
}

/**
 * Rows of `usuarios as u` whose search text contains the normalized term; undefined without a
 * term. Same answer on both databases, each served by its trigram index (migration 010): FTS5 for
 * three or more characters on SQLite, pg_trgm's GIN index on PostgreSQL. Shorter terms have no
 * trigram and read the column instead.
 */
function searchOf(dialect: DialectName, buscar: string | undefined): Search | undefined {
  const text = normalizeForSearch(buscar ?? '');
  if (!text) return undefined;
  if (dialect === 'sqlite' && [...text].length >= 3) {
    const phrase = `"${text.replaceAll('"', '""')}"`;
    return {
      condition: sql<boolean>`u.id_usuario in (select rowid from usuarios_busqueda where usuarios_busqueda match ${phrase})`,
      phrase,
      text,
    };
  }
  return { condition: containsText('u.busqueda', text), text };
}

function offsetOf(query: ListQuery): number {
  return (query.pagina - 1) * query.por_pagina;
}

/** The columns of one account in the user lists. */
function userListQuery(db: Db) {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .leftJoin('doctores as d', 'd.id_usuario', 'u.id_usuario')
    .select([
      'u.id_usuario',
      'u.nombre_usuario',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
      'u.correo',
      'u.rol',
      'p.id_paciente',
      'd.id_doctor',
      'd.numero_colegiado',
      'd.id_especialidad',
    ]);
}

export type UserListRow = Awaited<ReturnType<ReturnType<typeof userListQuery>['executeTakeFirstOrThrow']>>;

/**
 * Active accounts' ids (of one role, or all) in id order. The alias is `u`, the name a search's
 * condition uses.
 */
function activeAccountIds(db: Db, rol: Rol | undefined) {
  return db
    .selectFrom('usuarios as u')
    .select('u.id_usuario')
    .where('u.activo', '=', 1)
    .$if(rol !== undefined, (qb) => qb.where('u.rol', '=', rol as Rol))
    .orderBy('u.id_usuario');
}

/**
 * A page of the list without a search: the page's ids first, from the accounts alone (migration
 * 085 keeps the active ones' ids in order), then the joined columns of those ids only (joined before
 * the offset, every account skipped was joined too). Every admin's look at the list reads it:
 * compiled once.
 */
const userListPage = compiledOnce((db, rol: Rol | undefined, page: { limit: number; offset: number }) =>
  userListQuery(db)
    .where('u.id_usuario', 'in', activeAccountIds(db, rol).limit(page.limit).offset(page.offset))
    .orderBy('u.id_usuario'),
);

/** Active accounts, optionally of one role and matching a search, in id order. */
export async function listUsers(
  db: Db,
  dialect: DialectName,
  query: ListQuery & { rol?: Rol | undefined },
): Promise<Page<UserListRow>> {
  const search = searchOf(dialect, query.buscar);
  const total = search ? await countActiveMatches(db, search, query.rol) : await countActiveAccounts(db, query.rol);
  if (total <= offsetOf(query)) return { items: [], total };
  const page = { limit: query.por_pagina, offset: offsetOf(query) };
  if (!search) return { items: (await userListPage(db, query.rol, page)).rows, total };
  // A search's condition holds its term (normalized, escaped) as SQL of its own: built each time.
  const pageIds = activeAccountIds(db, query.rol).where(search.condition).limit(page.limit).offset(page.offset);
  const items = await userListQuery(db).where('u.id_usuario', 'in', pageIds).orderBy('u.id_usuario').execute();
  return { items, total };
}

export async function findUserListItem(db: Db, id_usuario: number): Promise<UserListRow | undefined> {
  return userListQuery(db).where('u.id_usuario', '=', id_usuario).executeTakeFirst();
}

/**
 * Active accounts (of one role, or all), from the per-role counts kept by triggers (migration 081).
 * The rows are read by their key, never by a scan: on PostgreSQL a bulk load (the seed, a restore)
 * leaves one dead version of the three rows per account loaded, a table of thousands of pages
 * that a scan would read on every page of the list.
 */
async function countActiveAccounts(db: Db, rol: Rol | undefined): Promise<number> {
  const { rows } = await activeAccountsCount(db, rol === undefined ? [...ROLES] : [rol]);
  return Number(rows[0]?.total ?? 0);
}

// Read on every page of the user list and of the patient list without a search: compiled once.
const activeAccountsCount = compiledOnce((db, roles: Rol[]) =>
  db
    .selectFrom('cuentas_activas')
    .select((eb) => eb.fn.sum<number>('total').as('total'))
    .where('rol', 'in', roles),
);

/** Active accounts (of one role, or all) matching a search: read and counted one by one. */
async function countActiveMatches(db: Db, search: Search, rol: Rol | undefined): Promise<number> {
  const count = await db
    .selectFrom('usuarios as u')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('u.activo', '=', 1)
    .$if(rol !== undefined, (qb) => qb.where('u.rol', '=', rol as Rol))
    .where(search.condition)
    .executeTakeFirstOrThrow();
  return Number(count.total);
}

const patientListColumns = [
  'p.id_paciente',
  'u.id_usuario',
  'u.nombre',
  'u.apellido1',
  'u.apellido2',
  'u.correo',
  'u.telefono',
  'u.direccion',
  'u.codigo_postal',
  'u.localidad',
  'u.provincia',
  'p.fecha_alta',
  'p.estado',
] as const;

/**
 * Active patients matching a search, counted only up to `limit` + 1: a search's cost must not
 * grow with the clinic. SQLite with a trigram phrase starts from the FTS5 matches and looks each
 * account up by its key; otherwise the (rol, activo, busqueda) index is walked until enough matches
 * are found.
 */
async function countPatientMatchesUpTo(db: Db, search: Search, limit: number): Promise<number> {
  const matches =
    search.phrase !== undefined
      ? sql`select 1 from usuarios_busqueda f join usuarios u on u.id_usuario = f.rowid
          where usuarios_busqueda match ${search.phrase} and u.rol = 'paciente' and u.activo = 1 limit ${limit + 1}`
      : sql`select 1 from usuarios u
          where u.rol = 'paciente' and u.activo = 1 and ${containsText('u.busqueda', search.text)} limit ${limit + 1}`;
  const { rows } = await sql<{ total: number | string }>`select count(*) as total from (${matches}) as capped`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * Active patients matching a search: those whose name starts with the search first, then the rest,
 * each in the order of their names (typing "jose" shows the Josés before "Ana José"). Every account
 * whose role is paciente has its patient record (registration and role changes create it), so the
 * total is counted on the accounts alone. A search's total is exact up to SEARCH_COUNT_LIMIT
 * matches (or up to the end of the page asked for, if further); past it the total is that many and
 * `approximate` says there are more.
 */
export async function listPatients(db: Db, dialect: DialectName, query: ListQuery) {
  const search = searchOf(dialect, query.buscar);
  const offset = offsetOf(query);
  const limit = Math.max(SEARCH_COUNT_LIMIT, offset + query.por_pagina);
  const counted = search ? await countPatientMatchesUpTo(db, search, limit) : await countActiveAccounts(db, 'paciente');
  const approximate = search !== undefined && counted > limit;
  const total = approximate ? limit : counted;
  if (!approximate && total <= offset) return { items: [], total };
  const page = { offset, size: query.por_pagina };
  // Few matches (counted exactly) of three or more characters: start from the trigram index's
  // matches and sort them (on SQLite a unary + keeps the planner on the FTS5 matches instead of the
  // role index). Many, shorter terms or no search: find the page's ids in the
  // (rol, activo, busqueda, id_usuario) index, then read those accounts.
  const unindexed = (column: string) => (dialect === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column));
  const fromMatches = search !== undefined && !approximate && [...search.text].length >= 3;
  const onPage = search && !fromMatches ? await matchingPatientsOnPage(db, dialect, search.text, page) : undefined;
  const items = await db
    .selectFrom('usuarios as u')
    .innerJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .$if(fromMatches, (qb) =>
      qb
        .where(unindexed('u.rol'), '=', 'paciente')
        .where(unindexed('u.activo'), '=', 1)
        .where(search!.condition)
        .limit(page.size)
        .offset(page.offset),
    )
    .$if(onPage !== undefined, (qb) => qb.where(onPage!))
    .$if(search === undefined, (qb) =>
      qb.where('u.id_usuario', 'in', patientsInNameOrder(db).limit(page.size).offset(page.offset)),
    )
    .select(patientListColumns)
    .$if(search !== undefined, (qb) => qb.orderBy(sql`case when ${startsWithText('u.busqueda', search!.text)} then 0 else 1 end`))
    // The search text starts with the name and surnames: an accent-free alphabetical order.
    .orderBy('u.busqueda')
    .orderBy('u.id_usuario')
    .execute();
  return approximate ? { items, total, approximate: true as const } : { items, total };
}

/**
 * Active patients' ids in name order, from the (rol, activo, busqueda, id_usuario) index: each
 * condition added is tested on the index entry itself, so no table row is read that is not returned.
 */
function patientsInNameOrder(db: Db) {
  return db
    .selectFrom('usuarios as w')
    .where('w.rol', '=', 'paciente')
    .where('w.activo', '=', 1)
    .select('w.id_usuario')
    .orderBy('w.busqueda')
    .orderBy('w.id_usuario');
}

/**
 * Which accounts `u` are on a page of patients matching a search: the names that start with it first
 * (one range of the index, read here), then the walk in name order for the rest, skipping them (a
 * subquery the caller's read runs, when the page still has room). Reading that range first keeps a
 * common first name cheap: "jose" starts after every "a…" to "i…", half the clinic for a walk in name
 * order alone.
 */
async function matchingPatientsOnPage(db: Db, dialect: DialectName, text: string, page: { offset: number; size: number }) {
  const starting = patientsInNameOrder(db).where(startsWithTextInRange('w.busqueda', text));
  const first = (await starting.limit(page.size).offset(page.offset).execute()).map((row) => row.id_usuario);
  if (first.length === page.size) return isOneOf(dialect, 'u.id_usuario', first);
  // How many names start with the search: this read tells, unless the page begins past them all.
  const startingCount =
    first.length > 0 || page.offset === 0 ? page.offset + first.length : await countUpTo(db, starting, page.offset);
  const rest = patientsInNameOrder(db)
    .where(containsText('w.busqueda', text))
    .where(sql<boolean>`not ${startsWithText('w.busqueda', text)}`)
    .limit(page.size - first.length)
    .offset(Math.max(0, page.offset - startingCount));
  // One list of ids for an IN: an OR of two would cost PostgreSQL a scan of every account.
  const restIds = db.selectFrom(rest.as('r')).select('r.id_usuario');
  const firstIds = db.selectFrom('usuarios').select('id_usuario').where(isOneOf(dialect, 'id_usuario', first));
  const ids = first.length === 0 ? restIds : restIds.unionAll(firstIds);
  return sql<boolean>`${sql.ref('u.id_usuario')} in (${ids})`;
}

/** How many rows a query gives, counting no further than `limit`. */
async function countUpTo(db: Db, query: ReturnType<typeof patientsInNameOrder>, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${query.limit(limit)}) as capped`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The language an active account's e-mails, reminders and screens are in. */
export async function setAccountLanguage(db: Db, id_usuario: number, idioma: Language): Promise<boolean> {
  const result = await db.updateTable('usuarios').set({ idioma }).where('id_usuario', '=', id_usuario).where('activo', '=', 1).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The caller's own account. */
export async function findAccount(db: Db, id_usuario: number) {
  return db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nombre_usuario', 'nombre', 'apellido1', 'apellido2', 'correo', 'rol', 'idioma', 'creado_en'])
    .where('id_usuario', '=', id_usuario)
    .where('activo', '=', 1)
    .executeTakeFirst();
}

/**
 * The active administrators, locked until the transaction ends on PostgreSQL (SQLite runs one
 * transaction at a time anyway). Every role change and deletion takes this lock first, in id
 * order, so two admins acting on each other at once cannot leave the clinic without one.
 */
export async function lockActiveAdmins(trx: Transaction<Database>, dialect: DialectName): Promise<number[]> {
  const rows = await trx
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('rol', '=', 'admin')
    .where('activo', '=', 1)
    .orderBy('id_usuario')
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .execute();
  return rows.map((row) => row.id_usuario);
}

/** An active account, locked for the rest of the transaction on PostgreSQL. */
export async function lockActiveUser(trx: Transaction<Database>, dialect: DialectName, id_usuario: number) {
  return trx
    .selectFrom('usuarios')
    .select(['id_usuario', 'nombre_usuario', 'rol'])
    .where('id_usuario', '=', id_usuario)
    .where('activo', '=', 1)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Sets the role (the service ends the sessions opened under the old one). */
export async function setRole(db: Db, id_usuario: number, rol: Rol): Promise<void> {
  await db.updateTable('usuarios').set({ rol }).where('id_usuario', '=', id_usuario).execute();
}

/** The account can no longer log in and it leaves every list (the service ends its sessions). */
export async function deactivateUser(db: Db, id_usuario: number, eliminado_en: string): Promise<void> {
  await db.updateTable('usuarios').set({ activo: 0, eliminado_en }).where('id_usuario', '=', id_usuario).execute();
}

export async function findPatientOfUser(db: Db, id_usuario: number) {
  return db.selectFrom('pacientes').select(['id_paciente', 'estado']).where('id_usuario', '=', id_usuario).executeTakeFirst();
}

export async function setPatientState(db: Db, id_usuario: number, estado: 'Activo' | 'Inactivo'): Promise<void> {
  await db.updateTable('pacientes').set({ estado }).where('id_usuario', '=', id_usuario).execute();
}

/** Moves the account's token version on: the standing secrets made under the old one stop working. */
export async function advanceTokenVersion(db: Db, id_usuario: number): Promise<void> {
  await db
    .updateTable('usuarios')
    .set((eb) => ({ version_token: eb('version_token', '+', 1) }))
    .where('id_usuario', '=', id_usuario)
    .execute();
}

/** Stores a new password hash (the caller ends the sessions it should, in the same transaction). */
export async function replacePassword(db: Db, id_usuario: number, contrasena_hash: string): Promise<void> {
  await db.updateTable('usuarios').set({ contrasena_hash }).where('id_usuario', '=', id_usuario).execute();
}

/**
 * Replaces a password's hash with a new hash of the same password (new parameters), unless the
 * password changed since `oldHash` was read: a change made meanwhile is never undone.
 */
export async function upgradePasswordHash(db: Db, id_usuario: number, oldHash: string, newHash: string): Promise<void> {
  await db
    .updateTable('usuarios')
    .set({ contrasena_hash: newHash })
    .where('id_usuario', '=', id_usuario)
    .where('contrasena_hash', '=', oldHash)
    .execute();
}

/** Whether another active patient already holds this DNI/NIE (stored normalized). */
export async function dniHeldByAnother(db: Db, dni: string, id_usuario: number): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('dni', '=', dni)
    .where('activo', '=', 1)
    .where('rol', '=', 'paciente')
    .where('id_usuario', '<>', id_usuario)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the editable profile fields; absent optional fields are cleared. */
export async function updatePatientProfile(db: Db, id_usuario: number, profile: PerfilPacienteUpdate, busqueda: string): Promise<void> {
  await db
    .updateTable('usuarios')
    .set({
      nombre: profile.nombre,
      apellido1: profile.apellido1,
      apellido2: profile.apellido2 ?? null,
      dni: profile.dni ?? null,
      nacimiento: profile.nacimiento ?? null,
      sexo: profile.sexo ?? null,
      telefono: profile.telefono ?? null,
      direccion: profile.direccion ?? null,
      codigo_postal: profile.codigo_postal ?? null,
      localidad: profile.localidad ?? null,
      provincia: profile.provincia ?? null,
      pais: profile.pais ?? null,
      busqueda,
    })
    .where('id_usuario', '=', id_usuario)
    .execute();
}

/** The account itself, without its password hash or token version. */
export async function findAccountForExport(db: Db, id_usuario: number) {
  return db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nombre_usuario', 'correo', 'rol', 'idioma', 'activo', 'creado_en'])
    .where('id_usuario', '=', id_usuario)
    .executeTakeFirst();
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

/** A patient's phone number as stored (E.164 since every save checks it), or null. */
export async function patientPhone(db: Db, id_paciente: number): Promise<string | null> {
  const row = await db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select('u.telefono')
    .where('p.id_paciente', '=', id_paciente)
    .executeTakeFirst();
  return row?.telefono ?? null;
}
