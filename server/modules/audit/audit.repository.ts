import { fullName } from '../../../contracts/names.ts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AccionAuditoria, AuditoriaQuery } from '../../../contracts/audit.ts';
import { normalizeForSearch } from '../../../contracts/common.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database } from '../../db/schema/index.ts';
import { containsText } from '../../db/sql.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  id_usuario: number | null;
  rol: string | null;
  id_paciente?: number | null;
  /** What happened: one of the list in contracts/audit.ts, so each has a label on the audit screens. */
  accion: AccionAuditoria;
  /** A short description without medical content. */
  detalle?: string | null;
  ip?: string | null;
  creado_en: string;
}

/**
 * Writes one audit entry; pass the transaction of the change it records. Outside a transaction
 * (the reads of clinical data), entries that arrive in the same turn of the event loop share one
 * commit: the caller still waits until its entry is committed, so durability is unchanged, but
 * 50 concurrent reads pay for one disk sync instead of 50.
 */
export async function writeAudit(db: Db, entry: AuditEntry) {
  if (db.isTransaction) {
    await insertAudit(db, entry);
    return;
  }
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new AuditBatcher(db);
    batchers.set(db, batcher);
  }
  await batcher.add(entry);
}

// Every read of clinical data writes one: compiled once per shape (which fields are null).
const insertAuditRow = compiledOnce((db, row: Insertable<Database['auditoria']>) => db.insertInto('auditoria').values(row));

async function insertAudit(db: Db, entry: AuditEntry) {
  await insertAuditRow(db, {
    id_usuario: entry.id_usuario,
    rol: entry.rol,
    id_paciente: entry.id_paciente ?? null,
    accion: entry.accion,
    detalle: entry.detalle ?? null,
    ip: entry.ip ?? null,
    creado_en: entry.creado_en,
  });
}

type Waiting = { entry: AuditEntry; resolve: () => void; reject: (error: unknown) => void };

const batchers = new WeakMap<Db, AuditBatcher>();

/** Group commit of standalone audit entries (see writeAudit). */
class AuditBatcher {
  #waiting: Waiting[] = [];
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  add(entry: AuditEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ entry, resolve, reject });
      if (this.#waiting.length === 1) setImmediate(() => void this.#flush());
    });
  }

  async #flush() {
    const batch = this.#waiting;
    this.#waiting = [];
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      await insertAudit(this.#db, only.entry).then(only.resolve, only.reject);
      return;
    }
    try {
      await this.#db.transaction().execute(async (trx) => {
        for (const { entry } of batch) await insertAudit(trx, entry);
      });
      for (const waiting of batch) waiting.resolve();
    } catch {
      // One bad entry must not fail the others: write each on its own, as without batching.
      for (const waiting of batch) await insertAudit(this.#db, waiting.entry).then(waiting.resolve, waiting.reject);
    }
  }
}

function filtered(db: Db, filters: AuditoriaQuery) {
  let query = db
    .selectFrom('auditoria as a')
    .leftJoin('usuarios as u', 'u.id_usuario', 'a.id_usuario')
    .leftJoin('pacientes as p', 'p.id_paciente', 'a.id_paciente')
    .leftJoin('usuarios as pu', 'pu.id_usuario', 'p.id_usuario');
  if (filters.usuario) query = query.where(containsText('u.busqueda', normalizeForSearch(filters.usuario)));
  if (filters.paciente) query = query.where(containsText('pu.busqueda', normalizeForSearch(filters.paciente)));
  if (filters.accion) query = query.where('a.accion', '=', filters.accion);
  // creado_en is an ISO instant; a date range covers whole days (UTC date prefix).
  if (filters.desde) query = query.where('a.creado_en', '>=', filters.desde);
  if (filters.hasta) query = query.where('a.creado_en', '<', `${filters.hasta}T99`);
  return query;
}

export async function listAudit(db: Db, filters: AuditoriaQuery) {
  const base = filtered(db, filters);
  const [rows, total] = await Promise.all([
    base
      .select([
        'a.id_auditoria',
        'a.creado_en',
        'a.id_usuario',
        'u.nombre_usuario as usuario',
        'u.nombre as quien_nombre',
        'u.apellido1 as quien_apellido1',
        'u.apellido2 as quien_apellido2',
        'u.sexo',
        'a.rol',
        'a.id_paciente',
        'a.accion',
        'a.detalle',
        'a.ip',
        'pu.nombre as paciente_nombre',
        'pu.apellido1 as paciente_apellido1',
        'pu.apellido2 as paciente_apellido2',
      ])
      .orderBy('a.creado_en', 'desc')
      .orderBy('a.id_auditoria', 'desc')
      .limit(filters.por_pagina)
      .offset((filters.pagina - 1) * filters.por_pagina)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    items: rows.map(
      ({
        paciente_nombre,
        paciente_apellido1,
        paciente_apellido2,
        quien_nombre,
        quien_apellido1,
        quien_apellido2,
        ...row
      }) => ({
        ...row,
        quien: quien_nombre ? fullName({ nombre: quien_nombre, apellido1: quien_apellido1 ?? '', apellido2: quien_apellido2 }) : null,
        // Full names on both sides, so the screen can tell a patient acting on their own data.
        paciente: paciente_nombre
          ? fullName({ nombre: paciente_nombre, apellido1: paciente_apellido1 ?? '', apellido2: paciente_apellido2 })
          : null,
      }),
    ),
  };
}

const URGENT_ACTIONS = new Set(['acceso_urgente.declarar', 'historia.leer_urgente']);

/** Who (other than the patient) read or changed a patient's clinical data, newest first. */
export async function listRecordAccesses(
  db: Db,
  id_paciente: number,
  id_usuario_paciente: number,
  page: { pagina: number; por_pagina: number },
) {
  const base = db
    .selectFrom('auditoria as a')
    .leftJoin('usuarios as u', 'u.id_usuario', 'a.id_usuario')
    .where('a.id_paciente', '=', id_paciente)
    .where((eb) => eb.or([eb('a.id_usuario', 'is', null), eb('a.id_usuario', '<>', id_usuario_paciente)]));
  const [rows, total] = await Promise.all([
    base
      .select(['a.creado_en', 'a.rol', 'a.accion', 'a.detalle', 'u.nombre', 'u.apellido1', 'u.apellido2', 'u.sexo'])
      .orderBy('a.creado_en', 'desc')
      .orderBy('a.id_auditoria', 'desc')
      .limit(page.por_pagina)
      .offset((page.pagina - 1) * page.por_pagina)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    items: rows.map((row) => ({
      creado_en: row.creado_en,
      rol: row.rol,
      accion: row.accion,
      quien: row.nombre ? fullName({ nombre: row.nombre, apellido1: row.apellido1 ?? '', apellido2: row.apellido2 }) : '-',
      // Break the glass: the patient sees every access made under it, and the reason stated.
      urgente: URGENT_ACTIONS.has(row.accion) || (row.detalle ?? '').endsWith('(acceso urgente)'),
      motivo: row.accion === 'acceso_urgente.declarar' ? row.detalle : null,
      sexo: row.sexo,
    })),
  };
}

/** The entry for something a logged-in user did (a read of clinical data, a change) from an address. */
export function actorAudit(
  actor: { id_usuario: number; rol: string },
  ip: string,
  creado_en: string,
  what: { accion: AccionAuditoria; id_paciente: number | null; detalle?: string | null },
): AuditEntry {
  return { id_usuario: actor.id_usuario, rol: actor.rol, ip, creado_en, ...what };
}

/** Audit entries about the patient's record or made by the patient, oldest first. */
export async function listAuditAboutPatient(db: Db, id_paciente: number, id_usuario: number) {
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
