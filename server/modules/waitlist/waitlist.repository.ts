import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.ts';
import type { Database } from '../../db/schema/index.ts';
import { appointmentConditions } from '../appointments/index.ts';
import type { EstadoEntradaEspera, EstadoOfertaEspera, FranjaEspera, ListaEsperaTable } from '../../db/schema/waitlist.ts';
import { specialtyNameColumns } from '../../db/columns.ts';

type Db = Kysely<Database> | Transaction<Database>;

// ---- Entries -------------------------------------------------------------------------------

export type NewEntry = Omit<Selectable<ListaEsperaTable>, 'id_entrada' | 'estado' | 'ofertas' | 'terminada_en'>;

export async function insertEntry(db: Db, entry: NewEntry): Promise<number> {
  const row = await db
    .insertInto('lista_espera')
    .values({ ...entry, estado: 'activa', ofertas: 0, terminada_en: null })
    .returning('id_entrada')
    .executeTakeFirstOrThrow();
  return row.id_entrada;
}

export async function countActiveEntries(db: Db, id_paciente: number): Promise<number> {
  const row = await db
    .selectFrom('lista_espera')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id_paciente', '=', id_paciente)
    .where('estado', '=', 'activa')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The patient's entries made since `since`, whatever became of them (the joining cap): how many, and when the first was. */
export async function entriesSince(db: Db, id_paciente: number, since: string): Promise<{ count: number; first: string | null }> {
  const row = await db
    .selectFrom('lista_espera')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('creado_en').as('first')])
    .where('id_paciente', '=', id_paciente)
    .where('creado_en', '>=', since)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), first: row?.first ?? null };
}

export async function hasActiveEntry(db: Db, id_paciente: number, objetivo: string): Promise<boolean> {
  const row = await db
    .selectFrom('lista_espera')
    .select('id_entrada')
    .where('id_paciente', '=', id_paciente)
    .where('objetivo', '=', objetivo)
    .where('estado', '=', 'activa')
    .executeTakeFirst();
  return Boolean(row);
}

export interface EntryRow {
  id_entrada: number;
  id_paciente: number;
  id_doctor: number | null;
  id_especialidad: number;
  desde: string;
  hasta: string;
  franja: FranjaEspera;
  hora_desde: string;
  hora_hasta: string;
  estado: EstadoEntradaEspera;
  creado_en: string;
  terminada_en: string | null;
  doctor_nombre: string | null;
  doctor_apellido1: string | null;
  doctor_apellido2: string | null;
  especialidad_es: string;
  especialidad_ca: string;
  especialidad_en: string;
}

/** The patient's active entries (oldest first), then those ended since `endedSince` (latest first). */
export async function listPatientEntries(db: Db, id_paciente: number, endedSince: string): Promise<EntryRow[]> {
  return db
    .selectFrom('lista_espera as l')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'l.id_especialidad')
    .leftJoin('doctores as d', 'd.id_doctor', 'l.id_doctor')
    .leftJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .select([
      'l.id_entrada',
      'l.id_paciente',
      'l.id_doctor',
      'l.id_especialidad',
      'l.desde',
      'l.hasta',
      'l.franja',
      'l.hora_desde',
      'l.hora_hasta',
      'l.estado',
      'l.creado_en',
      'l.terminada_en',
      'u.nombre as doctor_nombre',
      'u.apellido1 as doctor_apellido1',
      'u.apellido2 as doctor_apellido2',
      ...specialtyNameColumns,
    ])
    .where('l.id_paciente', '=', id_paciente)
    .where((eb) => eb.or([eb('l.estado', '=', 'activa'), eb('l.terminada_en', '>=', endedSince)]))
    .orderBy(sql`case when l.estado = 'activa' then 0 else 1 end`)
    .orderBy('l.creado_en')
    .orderBy('l.id_entrada')
    .limit(50)
    .execute();
}

export async function findEntry(db: Db, id_entrada: number) {
  return db
    .selectFrom('lista_espera')
    .select(['id_entrada', 'id_paciente', 'estado'])
    .where('id_entrada', '=', id_entrada)
    .executeTakeFirst();
}

/** Ends an active entry; false when it had already ended. */
export async function endEntry(db: Db, id_entrada: number, estado: Exclude<EstadoEntradaEspera, 'activa'>, now: string): Promise<boolean> {
  const result = await db
    .updateTable('lista_espera')
    .set({ estado, terminada_en: now })
    .where('id_entrada', '=', id_entrada)
    .where('estado', '=', 'activa')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Entries whose range has ended (the last day is before `today`). */
export async function endPastEntries(db: Db, today: string, now: string): Promise<number> {
  const result = await db
    .updateTable('lista_espera')
    .set({ estado: 'caducada', terminada_en: now })
    .where('estado', '=', 'activa')
    .where('hasta', '<', today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Entries that let `max` offers pass (expire unclaimed) end ('agotada'): nobody claims for them. */
export async function endExhaustedEntries(db: Db, max: number, now: string): Promise<number> {
  const result = await db
    .updateTable('lista_espera')
    .set({ estado: 'agotada', terminada_en: now })
    .where('estado', '=', 'activa')
    .where('ofertas', '>=', max)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ofertas_espera as o')
            .select('o.id_oferta')
            .whereRef('o.id_entrada', '=', 'lista_espera.id_entrada')
            .where('o.estado', '=', 'enviada'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Entries the patient has since satisfied: an active visit (pending or confirmed) with the doctor
 * (or a doctor of the specialty) in the entry's dates and part of the day, booked or moved there
 * after the patient joined. Optionally only one patient's.
 */
export async function endSatisfiedEntries(db: Db, now: string, id_paciente?: number): Promise<number> {
  const result = await db
    .updateTable('lista_espera')
    .set({ estado: 'atendida', terminada_en: now })
    .where('estado', '=', 'activa')
    .$if(id_paciente !== undefined, (qb) => qb.where('id_paciente', '=', id_paciente as number))
    .where(appointmentConditions.satisfyingWaitlistEntry)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- Matching slots and entries --------------------------------------------------------------

export interface OfferableSlot {
  id_agenda: number;
  id_doctor: number;
  fecha: string;
  hora_inicio: string;
}

/** The entry's patient holds a live offer (of any slot, through any entry): one at a time. */
function patientHoldsLiveOffer(eb: ExpressionBuilder<Database & { l: Database['lista_espera'] }, 'l'>) {
  return eb.exists(
    eb
      .selectFrom('ofertas_espera as live')
      .innerJoin('lista_espera as theirs', 'theirs.id_entrada', 'live.id_entrada')
      .select('live.id_oferta')
      .whereRef('theirs.id_paciente', '=', 'l.id_paciente')
      .where('live.estado', '=', 'enviada'),
  );
}

/** An entry `l` wants slot `a` of doctor `d`: the doctor or the specialty, the dates, the part of the day. */
function entryWantsSlot(eb: ExpressionBuilder<Database & { l: Database['lista_espera']; a: Database['agenda']; d: Database['doctores'] }, 'l' | 'a' | 'd'>) {
  return eb.and([
    eb('l.estado', '=', 'activa'),
    eb.or([
      eb('l.id_doctor', '=', eb.ref('a.id_doctor')),
      eb.and([eb('l.id_doctor', 'is', null), eb('l.id_especialidad', '=', eb.ref('d.id_especialidad'))]),
    ]),
    eb('a.fecha', '>=', eb.ref('l.desde')),
    eb('a.fecha', '<=', eb.ref('l.hasta')),
    eb('a.hora_inicio', '>=', eb.ref('l.hora_desde')),
    eb('a.hora_inicio', '<', eb.ref('l.hora_hasta')),
  ]);
}

/**
 * Free slots (of bookable doctors) starting at or after the cutoff that some active entry wants
 * and has not been offered yet, whose patient holds no live offer, and that hold fewer than
 * `perSlot` live offers: soonest first.
 */
export async function findOfferableSlots(
  db: Db,
  options: { cutoffDate: string; cutoffTime: string; perSlot: number; maxOffers: number; id_doctor?: number; limit: number },
): Promise<OfferableSlot[]> {
  const { cutoffDate, cutoffTime } = options;
  return db
    .selectFrom('agenda as a')
    .innerJoin('doctores as d', 'd.id_doctor', 'a.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('lista_espera as l', (join) => join.on((eb) => entryWantsSlot(eb)))
    .select(['a.id_agenda', 'a.id_doctor', 'a.fecha', 'a.hora_inicio'])
    .distinct()
    .where('a.tipo', '=', 'Consulta')
    .where('a.estado', '=', 'Disponible')
    .where('d.estado', '=', 'Activo')
    .where('u.activo', '=', 1)
    .where('u.rol', '=', 'doctor')
    .$if(options.id_doctor !== undefined, (qb) => qb.where('a.id_doctor', '=', options.id_doctor as number))
    .where((eb) => eb.or([eb('a.fecha', '>', cutoffDate), eb.and([eb('a.fecha', '=', cutoffDate), eb('a.hora_inicio', '>=', cutoffTime)])]))
    .where('l.ofertas', '<', options.maxOffers)
    .where((eb) => eb.not(patientHoldsLiveOffer(eb)))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ofertas_espera as o')
            .select('o.id_oferta')
            .whereRef('o.id_entrada', '=', 'l.id_entrada')
            .whereRef('o.id_agenda', '=', 'a.id_agenda')
            // An offer lost to someone quicker gave no fair chance: the slot freed again is theirs to be offered.
            .where('o.estado', '<>', 'perdida'),
        ),
      ),
    )
    .where(
      (eb) =>
        eb
          .selectFrom('ofertas_espera as v')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('v.id_agenda', '=', 'a.id_agenda')
          .where('v.estado', '=', 'enviada'),
      '<',
      options.perSlot,
    )
    .orderBy('a.fecha')
    .orderBy('a.hora_inicio')
    .orderBy('a.id_agenda')
    .limit(options.limit)
    .execute();
}

/**
 * Makes this transaction the only one working on the slot's offers until it ends: a write first,
 * so PostgreSQL holds the row and SQLite takes its single writer's lock before anything is read.
 */
export async function takeSlotTurn(db: Db, id_agenda: number, now: string): Promise<void> {
  await db
    .insertInto('lista_espera_huecos')
    .values({ id_agenda, revisado_en: now })
    .onConflict((oc) => oc.column('id_agenda').doUpdateSet({ revisado_en: now }))
    .execute();
}

export async function countLiveOffers(db: Db, id_agenda: number): Promise<number> {
  const row = await db
    .selectFrom('ofertas_espera')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id_agenda', '=', id_agenda)
    .where('estado', '=', 'enviada')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The next entries in line for a slot (first come, first served), that have not been offered it,
 * whose patient holds no offer of it through another entry and no live offer of any slot; `limit`
 * rows at most, several per patient possible (the caller keeps one per patient).
 */
export async function nextEntriesForSlot(
  db: Db,
  id_agenda: number,
  options: { maxOffers: number; limit: number },
): Promise<{ id_entrada: number; id_paciente: number; id_tipo_visita: number | null }[]> {
  return db
    .selectFrom('agenda as a')
    .innerJoin('doctores as d', 'd.id_doctor', 'a.id_doctor')
    .innerJoin('lista_espera as l', (join) => join.on((eb) => entryWantsSlot(eb)))
    .select(['l.id_entrada', 'l.id_paciente', 'l.id_tipo_visita'])
    .where('a.id_agenda', '=', id_agenda)
    .where('l.ofertas', '<', options.maxOffers)
    .where((eb) => eb.not(patientHoldsLiveOffer(eb)))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ofertas_espera as o')
            .innerJoin('lista_espera as mine', 'mine.id_entrada', 'o.id_entrada')
            .select('o.id_oferta')
            .whereRef('o.id_agenda', '=', 'a.id_agenda')
            .whereRef('mine.id_paciente', '=', 'l.id_paciente')
            .where('o.estado', '<>', 'perdida'),
        ),
      ),
    )
    // A patient who already holds a visit with this doctor that day could not book it anyway.
    .where((eb) => eb.not(eb.exists(appointmentConditions.activeWithDoctorOn(db, { patient: 'l.id_paciente', doctor: 'a.id_doctor', fecha: 'a.fecha' }))))
    .orderBy('l.creado_en')
    .orderBy('l.id_entrada')
    .limit(options.limit)
    .execute();
}

/**
 * Records an offer; undefined when the entry already had one for this slot (another instance made
 * it). An offer of the slot the entry lost to someone quicker is made again in its row (one row per
 * entry and slot), with a new link and time.
 */
export async function insertOffer(
  db: Db,
  offer: { id_entrada: number; id_agenda: number; hash_token: string; creado_en: string; caduca_en: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('ofertas_espera')
    .values({ ...offer, estado: 'enviada', resuelta_en: null, avisada_en: null })
    .onConflict((oc) =>
      oc
        .columns(['id_entrada', 'id_agenda'])
        .doUpdateSet({ estado: 'enviada', hash_token: offer.hash_token, creado_en: offer.creado_en, caduca_en: offer.caduca_en, resuelta_en: null, avisada_en: null })
        .where('ofertas_espera.estado', '=', 'perdida'),
    )
    .returning('id_oferta')
    .executeTakeFirst();
  return row?.id_oferta;
}

// ---- Offers ------------------------------------------------------------------------------------

/**
 * Offers whose time is up pass on: they no longer hold the slot, and each counts against its entry
 * (an offer lost to someone quicker does not: the patient had no fair chance at it).
 */
export async function expireOffers(db: Kysely<Database>, now: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('ofertas_espera')
      .set({ estado: 'caducada', resuelta_en: now })
      .where('estado', '=', 'enviada')
      .where('caduca_en', '<=', now)
      .returning('id_entrada')
      .execute();
    for (const { id_entrada } of expired) {
      await trx
        .updateTable('lista_espera')
        .set((eb) => ({ ofertas: eb('ofertas', '+', 1) }))
        .where('id_entrada', '=', id_entrada)
        .execute();
    }
    return expired.length;
  });
}

/**
 * Makes this transaction the only one offering anything to the patient until it ends, and says
 * whether they may be offered a slot now: false when they already hold a live offer, or when
 * another transaction is offering them one (PostgreSQL skips a locked row instead of waiting: two
 * sweeps offering two slots to the same patients in different orders would otherwise deadlock).
 * SQLite runs one writing transaction at a time, which already keeps them apart.
 */
export async function takePatientTurn(trx: Transaction<Database>, id_paciente: number, dialect: DialectName): Promise<boolean> {
  if (dialect === 'postgres') {
    const locked = await trx.selectFrom('pacientes').select('id_paciente').where('id_paciente', '=', id_paciente).forNoKeyUpdate().skipLocked().executeTakeFirst();
    if (!locked) return false;
  }
  const live = await trx
    .selectFrom('ofertas_espera as o')
    .innerJoin('lista_espera as l', 'l.id_entrada', 'o.id_entrada')
    .select('o.id_oferta')
    .where('l.id_paciente', '=', id_paciente)
    .where('o.estado', '=', 'enviada')
    .executeTakeFirst();
  return !live;
}

/** Live offers of entries that have ended (left, satisfied, past) stop holding their slots. */
export async function closeOffersOfEndedEntries(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('ofertas_espera')
    .set({ estado: 'caducada', resuelta_en: now })
    .where('estado', '=', 'enviada')
    .where('id_entrada', 'in', (eb) => eb.selectFrom('lista_espera').select('id_entrada').where('estado', '<>', 'activa'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Live offers whose slot is no longer free (booked, blocked or deleted), with who holds it now. */
export async function findOffersOfTakenSlots(db: Db) {
  return db
    .selectFrom('ofertas_espera as o')
    .innerJoin('lista_espera as l', 'l.id_entrada', 'o.id_entrada')
    .leftJoin('agenda as a', 'a.id_agenda', 'o.id_agenda')
    .select(['o.id_oferta', 'o.id_entrada', 'o.id_agenda', 'l.id_paciente'])
    .select(appointmentConditions.activeHolderOfSlot(db, 'o.id_agenda').as('titular'))
    .where('o.estado', '=', 'enviada')
    .where((eb) => eb.or([eb('a.id_agenda', 'is', null), eb('a.estado', '<>', 'Disponible'), eb('a.tipo', '<>', 'Consulta')]))
    .execute();
}

/** Moves an offer on from one of `from` states; false when it was not in one of them. */
export async function settleOffer(
  db: Db,
  id_oferta: number,
  estado: Exclude<EstadoOfertaEspera, 'enviada'>,
  from: EstadoOfertaEspera[],
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('ofertas_espera')
    .set({ estado, resuelta_en: now })
    .where('id_oferta', '=', id_oferta)
    .where('estado', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The slot went to someone: its other live offers are lost. */
export async function loseOffersOfSlot(db: Db, id_agenda: number, now: string): Promise<number> {
  const result = await db
    .updateTable('ofertas_espera')
    .set({ estado: 'perdida', resuelta_en: now })
    .where('id_agenda', '=', id_agenda)
    .where('estado', '=', 'enviada')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Takes the lost offers whose holder has not been told yet (each once, whichever instance asks):
 * the caller e-mails them.
 */
export async function takeGoneNotices(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('ofertas_espera')
    .set({ avisada_en: now })
    .where('estado', '=', 'perdida')
    .where('avisada_en', 'is', null)
    .returning('id_oferta')
    .execute();
  return rows.map((row) => row.id_oferta);
}

export interface OfferRow {
  id_oferta: number;
  id_entrada: number;
  id_agenda: number;
  /** The visit type the entry waits for (null: one slot). */
  id_tipo_visita: number | null;
  estado: EstadoOfertaEspera;
  caduca_en: string;
  entrada_estado: EstadoEntradaEspera;
  id_paciente: number;
  paciente_nombre: string;
  paciente_correo: string;
  paciente_idioma: 'es' | 'ca' | 'en';
  id_doctor: number | null;
  fecha: string | null;
  hora_inicio: string | null;
  hora_fin: string | null;
  doctor_nombre: string | null;
  doctor_apellido1: string | null;
  doctor_apellido2: string | null;
  especialidad_es: string | null;
  especialidad_ca: string | null;
  especialidad_en: string | null;
}

function offerRows(db: Db) {
  return db
    .selectFrom('ofertas_espera as o')
    .innerJoin('lista_espera as l', 'l.id_entrada', 'o.id_entrada')
    .innerJoin('pacientes as p', 'p.id_paciente', 'l.id_paciente')
    .innerJoin('usuarios as up', 'up.id_usuario', 'p.id_usuario')
    .leftJoin('agenda as a', 'a.id_agenda', 'o.id_agenda')
    .leftJoin('doctores as d', 'd.id_doctor', 'a.id_doctor')
    .leftJoin('usuarios as ud', 'ud.id_usuario', 'd.id_usuario')
    .leftJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select([
      'o.id_oferta',
      'o.id_entrada',
      'o.id_agenda',
      'o.estado',
      'o.caduca_en',
      'l.estado as entrada_estado',
      'l.id_tipo_visita',
      'l.id_paciente',
      'up.nombre as paciente_nombre',
      'up.correo as paciente_correo',
      'up.idioma as paciente_idioma',
      'a.id_doctor',
      'a.fecha',
      'a.hora_inicio',
      'a.hora_fin',
      'ud.nombre as doctor_nombre',
      'ud.apellido1 as doctor_apellido1',
      'ud.apellido2 as doctor_apellido2',
      ...specialtyNameColumns,
    ]);
}

export async function findOfferByHash(db: Db, hash_token: string): Promise<OfferRow | undefined> {
  return offerRows(db).where('o.hash_token', '=', hash_token).executeTakeFirst();
}

export async function findOffers(db: Db, ids: number[]): Promise<OfferRow[]> {
  if (ids.length === 0) return [];
  return offerRows(db).where('o.id_oferta', 'in', ids).orderBy('o.id_oferta').execute();
}
