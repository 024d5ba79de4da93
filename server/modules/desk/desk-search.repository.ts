import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type Transaction } from 'kysely';
import { normalizeForSearch, SEARCH_COUNT_LIMIT } from '../../../contracts/common.ts';
import { normalizeDni } from '../../../contracts/spain.ts';
import type { DialectName } from '../../db/index.ts';
import type { Database } from '../../db/schema/index.ts';
import { NO_PASSWORD } from '../../lib/passwords.ts';
import { containsText, escapeLike, isOneOf, startsWithText, startsWithTextInRange } from '../../db/sql.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The phone's digits, spelled word for word as the expression index of migration 061, so both
 * databases seek it.
 */
const PHONE_DIGITS = sql<string>`replace(replace(u.telefono, ' ', ''), '+', '')`;

/** A date typed at the desk, DD/MM/AAAA or AAAA-MM-DD, as YYYY-MM-DD; undefined when it is not one. */
export function typedDate(text: string): string | undefined {
  const spanish = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = spanish
    ? `${spanish[3]}-${spanish[2]!.padStart(2, '0')}-${spanish[1]!.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? text
      : undefined;
  if (!iso) return undefined;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** Fewest digits a phone or DNI prefix needs: shorter ones name a tenth of the clinic. */
const MIN_DIGITS = 3;
/** Fewest characters of a name or e-mail prefix. */
const MIN_TEXT = 2;

/** A prefix of `expression` (an indexed expression), as an index range checked by LIKE. */
function prefixOf(expression: RawBuilder<string>, prefix: string): RawBuilder<boolean> {
  const characters = [...prefix];
  const last = characters.pop()?.codePointAt(0) ?? 0;
  const upper = characters.join('') + String.fromCodePoint(last + 1);
  return sql<boolean>`(${expression} >= ${prefix} and ${expression} < ${upper} and ${expression} like ${`${escapeLike(prefix)}%`} escape '\\')`;
}

export interface DeskSearch {
  /** Any of these. */
  conditions: RawBuilder<boolean>[];
  /**
   * A name or e-mail: the matches are found walking the (rol, activo, busqueda) index in name order.
   * Otherwise (a date, a phone, a DNI) each condition's own index finds the few matches, and the
   * role's index must not be used for them (SQLite would walk every patient).
   */
  byName: boolean;
  /**
   * SQLite, a name or e-mail: the FTS5 phrase of a later word's start, and the same test as a LIKE
   * for a walk in name order (a common fragment's thousands of matches are never all read).
   */
  sqliteWords?: { phrase: string; walk: RawBuilder<boolean>[] };
  /** A name or e-mail: the normalized text, whose names that start with it come first. */
  text?: string;
}

/**
 * What a term typed in the desk's box can be, as conditions on `usuarios as u`, each served by an
 * index: a birth date (migration 061), phone digits (migration 061's expression), a DNI/NIE
 * (migration 084), or the start of a word of the name, surnames or e-mail (the trigram indexes of
 * migration 010 on `busqueda`). Empty when the term is too short to mean anything.
 */
export function deskSearchConditions(dialect: DialectName, term: string): DeskSearch {
  const typed = term.trim();
  const date = typedDate(typed);
  if (date) return { conditions: [sql<boolean>`u.nacimiento = ${date}`], byName: false };

  const conditions: RawBuilder<boolean>[] = [];
  if (/^\+?[\d\s]+$/.test(typed)) {
    const digits = typed.replace(/\D/g, '');
    if (digits.length < MIN_DIGITS) return { conditions: [], byName: false };
    conditions.push(prefixOf(PHONE_DIGITS, digits));
    // A phone stored with its country code ("+34 600…") is found by its national number.
    if (!digits.startsWith('34')) conditions.push(prefixOf(PHONE_DIGITS, `34${digits}`));
    if (digits.length <= 8) conditions.push(startsWithTextInRange('u.dni', digits));
    return { conditions, byName: false };
  }
  const dni = normalizeDni(typed);
  if (/^[XYZ]\d{2,}[A-Z]?$/.test(dni) || /^\d{8}[A-Z]$/.test(dni)) return { conditions: [startsWithTextInRange('u.dni', dni)], byName: false };

  const text = normalizeForSearch(typed);
  if ([...text].length < MIN_TEXT) return { conditions: [], byName: true };
  // The first word (the name) by the (rol, activo, busqueda) index; any later word (a surname, the
  // e-mail) by the trigram index: " lop" with its leading space is a trigram of its own.
  conditions.push(startsWithTextInRange('u.busqueda', text));
  if (dialect === 'sqlite') {
    const phrase = `" ${text.replaceAll('"', '""')}"`;
    const [nameStart] = conditions as [RawBuilder<boolean>];
    conditions.push(sql<boolean>`u.id_usuario in (select rowid from usuarios_busqueda where usuarios_busqueda match ${phrase})`);
    return { conditions, byName: true, text, sqliteWords: { phrase, walk: [nameStart, containsText('u.busqueda', ` ${text}`)] } };
  }
  conditions.push(containsText('u.busqueda', ` ${text}`));
  return { conditions, byName: true, text };
}

const NO_PASSWORD_COLUMN = sql<number>`case when u.contrasena_hash = ${NO_PASSWORD} then 0 else 1 end`;

/** The identity and contact columns the desk is given, never more. */
function identityQuery(db: Db) {
  return db
    .selectFrom('usuarios as u')
    .innerJoin('pacientes as p', 'p.id_usuario', 'u.id_usuario')
    .select([
      'p.id_paciente',
      'u.id_usuario',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
      'u.dni',
      'u.telefono',
      'u.correo',
      'u.nacimiento',
      NO_PASSWORD_COLUMN.as('con_contrasena'),
    ]);
}

export type IdentityRow = Awaited<ReturnType<ReturnType<typeof identityQuery>['executeTakeFirstOrThrow']>>;

export interface DeskPage {
  items: IdentityRow[];
  total: number;
  approximate: boolean;
}

/**
 * Active patients matching what the desk typed, in name order. The matches are counted up to
 * SEARCH_COUNT_LIMIT (or the end of the page asked for), so a common first name costs no more at
 * 100,000 patients than at 1,000; past it the total is approximate.
 */
export async function searchDeskPatients(
  db: Db,
  dialect: DialectName,
  query: { buscar: string; pagina: number; por_pagina: number },
): Promise<DeskPage> {
  const { conditions: indexed, byName, sqliteWords, text } = deskSearchConditions(dialect, query.buscar);
  if (indexed.length === 0) return { items: [], total: 0, approximate: false };
  const offset = (query.pagina - 1) * query.por_pagina;
  const limit = Math.max(SEARCH_COUNT_LIMIT, offset + query.por_pagina);
  // SQLite: a fragment with more trigram matches than the count's limit is a common one: its pages
  // are found walking the names in order, and its total is "more than the limit" without counting.
  let conditions = indexed;
  let many = false;
  if (sqliteWords) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from (
        select rowid from usuarios_busqueda where usuarios_busqueda match ${sqliteWords.phrase} limit ${limit + 1}
      ) as capped`.execute(db);
    many = Number(rows[0]?.n ?? 0) > limit;
    if (many) conditions = sqliteWords.walk;
  }
  const matching = sql<boolean>`(${sql.join(conditions, sql` or `)})`;
  // A unary + keeps SQLite off the role's index when each condition has an index of its own.
  const column = (name: string) => (dialect === 'sqlite' && !byName ? sql`+${sql.ref(name)}` : sql.ref(name));
  const isPatient = sql<boolean>`${column('u.rol')} = 'paciente' and ${column('u.activo')} = 1`;
  const byNameOnPostgres = dialect === 'postgres' && text !== undefined;
  const nameSearch = text === undefined ? undefined : nameSearchOf(db, dialect, isPatient, conditions as [RawBuilder<boolean>, RawBuilder<boolean>], text);
  let laterIds: number[] | undefined;
  let counted: number;
  if (many) counted = limit + 1;
  else if (byNameOnPostgres && nameSearch) {
    const matches = await nameMatches(nameSearch, limit + 1);
    counted = matches.starting + matches.laterIds.length;
    laterIds = matches.laterIds;
  } else {
    counted = Number(
      (
        await sql<{ total: number | string }>`select count(*) as total from (
          select 1 from usuarios u where ${matching} and ${isPatient} limit ${limit + 1}
        ) as capped`.execute(db)
      ).rows[0]?.total ?? 0,
    );
  }
  const approximate = counted > limit;
  const total = approximate ? limit : counted;
  if (total <= offset) return { items: [], total, approximate };
  if (nameSearch) {
    // Under the limit every later-word match is known (PostgreSQL): the page is read among their ids.
    const ids = await namePageIds(nameSearch, offset, query.por_pagina, approximate ? undefined : laterIds);
    const rows = ids.length === 0 ? [] : await identityQuery(db).where('u.id_usuario', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id_usuario, row]));
    return { items: ids.flatMap((id) => byId.get(id) ?? []), total, approximate };
  }
  const items = await identityQuery(db)
    .where(matching)
    .where(isPatient)
    .orderBy('u.busqueda')
    .orderBy('u.id_usuario')
    .limit(query.por_pagina)
    .offset(offset)
    .execute();
  return { items, total, approximate };
}

type IdQuery = SelectQueryBuilder<Database & { u: Database['usuarios'] }, 'u', { id_usuario: number }>;

/** A name or e-mail search as two parts: the names that start with the text, and the later words that do. */
interface NameSearch {
  db: Db;
  dialect: DialectName;
  /** Active patients whose name starts with the text: one range of the (rol, activo, busqueda) index. */
  starting: () => IdQuery;
  /** Active patients where a later word (a surname, the e-mail) starts with it, and the name does not. */
  later: () => IdQuery;
}

function nameSearchOf(db: Db, dialect: DialectName, isPatient: RawBuilder<boolean>, [nameStart, laterWord]: [RawBuilder<boolean>, RawBuilder<boolean>], text: string): NameSearch {
  const patients = () => db.selectFrom('usuarios as u').select('u.id_usuario').where(isPatient);
  return {
    db,
    dialect,
    starting: () => patients().where(nameStart),
    later: () => patients().where(laterWord).where(sql<boolean>`not ${startsWithText('u.busqueda', text)}`),
  };
}

/** How many rows `query` finds, reading no more than `cap`. */
const cappedCount = async (db: Db, query: IdQuery, cap: number) =>
  Number((await sql<{ n: number | string }>`select count(*) as n from (${query.limit(cap)}) as capped`.execute(db)).rows[0]?.n ?? 0);

/**
 * PostgreSQL: a name search's matches up to `cap`, in its two parts: how many names start with the
 * text (one range of an index), and the ids of the later-word matches, read in no order so the
 * planner may take the trigram index. A rare fragment of an e-mail, scattered through the names, was
 * otherwise counted walking most of the clinic in name order, and its page walked for again.
 */
async function nameMatches(search: NameSearch, cap: number): Promise<{ starting: number; laterIds: number[] }> {
  const starting = await cappedCount(search.db, search.starting(), cap);
  if (starting >= cap) return { starting, laterIds: [] };
  const laterIds = (await search.later().limit(cap - starting).execute()).map((row) => row.id_usuario);
  return { starting, laterIds };
}

/**
 * The ids on a page of a name search: the names that start with the text first (one range of the
 * (rol, activo, busqueda) index), then those where a later word does, each in name order. Reading
 * that range first keeps a common first name cheap: "jose" starts after every "a…" to "i…", half
 * the clinic for a walk in name order alone. `laterIds`, when given, are every later-word match:
 * the page is put in order among them, not walked for.
 */
async function namePageIds(search: NameSearch, offset: number, size: number, laterIds?: number[]): Promise<number[]> {
  const first = (await search.starting().orderBy('u.busqueda').orderBy('u.id_usuario').limit(size).offset(offset).execute()).map((row) => row.id_usuario);
  if (first.length === size || laterIds?.length === 0) return first;
  // How many names start with the text: this read tells, unless the page begins past them all.
  const startingCount = first.length > 0 || offset === 0 ? offset + first.length : await cappedCount(search.db, search.starting(), offset);
  const rest = (
    laterIds === undefined ? search.later() : search.db.selectFrom('usuarios as u').select('u.id_usuario').where(isOneOf(search.dialect, 'u.id_usuario', laterIds))
  )
    .orderBy('u.busqueda')
    .orderBy('u.id_usuario')
    .limit(size - first.length)
    .offset(Math.max(0, offset - startingCount));
  return [...first, ...(await rest.execute()).map((row) => row.id_usuario)];
}

/** One active patient's identity, by their patient id. */
export async function findDeskPatient(db: Db, id_paciente: number) {
  return identityQuery(db)
    .select(['u.nombre_usuario', 'u.idioma', 'u.rol', 'p.fecha_alta'])
    .where('p.id_paciente', '=', id_paciente)
    .where('u.activo', '=', 1)
    .where('u.rol', '=', 'paciente')
    .executeTakeFirst();
}

export interface DuplicateProbe {
  dni?: string | undefined;
  nombre: string;
  apellido1: string;
  fecha_nacimiento?: string | undefined;
  telefonoDigits?: string | undefined;
  correo?: string | undefined;
}

/**
 * Active patients a new registration may duplicate: the same DNI/NIE, the same name, first surname
 * and birth date, the same phone digits, or the same e-mail. Each test is an index seek.
 */
export async function findLikelyDuplicates(db: Db, probe: DuplicateProbe) {
  const tests: RawBuilder<boolean>[] = [];
  if (probe.dni) tests.push(sql<boolean>`u.dni = ${probe.dni}`);
  if (probe.fecha_nacimiento) {
    tests.push(
      sql<boolean>`(u.nacimiento = ${probe.fecha_nacimiento} and ${startsWithTextInRange('u.busqueda', normalizeForSearch(`${probe.nombre} ${probe.apellido1}`))})`,
    );
  }
  if (probe.telefonoDigits) {
    const digits = probe.telefonoDigits;
    // The same number with or without the country code.
    const forms = new Set([digits, `34${digits}`]);
    if (digits.startsWith('34') && digits.length > 9) forms.add(digits.slice(2));
    tests.push(sql<boolean>`${PHONE_DIGITS} in (${sql.join([...forms])})`);
  }
  if (probe.correo) {
    tests.push(
      sql<boolean>`u.id_usuario in (select i.id_usuario from identificadores i where i.identificador = ${probe.correo.toLowerCase()})`,
    );
  }
  if (tests.length === 0) return [];
  return identityQuery(db)
    .select(['u.busqueda'])
    .where(sql<boolean>`(${sql.join(tests, sql` or `)})`)
    .where('u.rol', '=', 'paciente')
    .where('u.activo', '=', 1)
    .orderBy('u.busqueda')
    .orderBy('u.id_usuario')
    .limit(20)
    .execute();
}

/** Usernames already taken that start with `base` (any account, deleted ones too: one namespace). */
export async function takenUsernamesLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('identificadores')
    .select('identificador')
    .where(startsWithTextInRange('identificador', base))
    .limit(1000)
    .execute();
  return new Set(rows.map((row) => row.identificador));
}

/** The phone as the duplicate check and the index compare it: digits only, national number. */
export function phoneDigits(telefono: string): string {
  return telefono.replace(/\D/g, '');
}
