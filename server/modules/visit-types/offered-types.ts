import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { tipoNombre, type TipoDeCita } from '../../../contracts/visit-types.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { doctorOffer, findVisitType, findVisitTypeByKey, listVisitTypes, type VisitTypeRow } from './visit-types.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A type as one doctor offers it: the catalogue's row with the length that doctor gives it. */
export type OfferedType = VisitTypeRow & { duracion_doctor: number };

/**
 * The active types a doctor offers. A doctor who has never chosen offers the whole active
 * catalogue at its lengths, so a clinic that never opens the catalogue books as before.
 */
export async function offeredTypes(db: Db, id_doctor: number): Promise<OfferedType[]> {
  const [types, offer] = await Promise.all([listVisitTypes(db, true), doctorOffer(db, id_doctor)]);
  if (offer.length === 0) return types.map((type) => ({ ...type, duracion_doctor: type.duracion_min }));
  const own = new Map(offer.map((row) => [row.id_tipo, row.duracion_min]));
  return types.filter((type) => own.has(type.id_tipo)).map((type) => ({ ...type, duracion_doctor: own.get(type.id_tipo) ?? type.duracion_min }));
}

/** One type as the doctor offers it; undefined when it does not exist, is inactive or the doctor does not offer it (`why` tells). */
export async function offeredType(
  db: Db,
  id_doctor: number,
  id_tipo: number,
): Promise<{ type: OfferedType } | { type: undefined; why: 'tipo_visita_no_encontrado' | 'tipo_visita_no_ofrecido' }> {
  const type = await findVisitType(db, id_tipo);
  if (!type || type.activo !== 1) return { type: undefined, why: 'tipo_visita_no_encontrado' };
  const found = (await offeredTypes(db, id_doctor)).find((row) => row.id_tipo === id_tipo);
  return found ? { type: found } : { type: undefined, why: 'tipo_visita_no_ofrecido' };
}

/** The catalogue's type that stands for one of the spec's consultation types. */
export async function typeForKey(db: Db, clave: string): Promise<VisitTypeRow | undefined> {
  return findVisitTypeByKey(db, clave);
}

/**
 * Names a visit's type on the screens that list visits: the whole catalogue (inactive types too,
 * since old visits keep theirs) read once per list, as a lookup from id to name and colour.
 */
export async function visitTypeNamer(db: Db, language: Language): Promise<(id_tipo: number | null) => TipoDeCita | null> {
  return namerOf(await listVisitTypes(db, false), language);
}

/**
 * The whole catalogue read once, for a list that both names its visits' types and tells which of
 * them stand for one of the spec's consultation types (`keyOf`: id to its stored word, null for the
 * clinic's own).
 */
export async function visitTypeCatalogue(
  db: Db,
  language: Language,
): Promise<{ nameOf: (id_tipo: number | null) => TipoDeCita | null; keyOf: Map<number, string | null> }> {
  const types = await listVisitTypes(db, false);
  return { nameOf: namerOf(types, language), keyOf: new Map(types.map((type) => [type.id_tipo, type.clave])) };
}

function namerOf(types: readonly VisitTypeRow[], language: Language): (id_tipo: number | null) => TipoDeCita | null {
  const byId = new Map(types.map((type) => [type.id_tipo, { id_tipo: type.id_tipo, nombre: tipoNombre(type, language), color: type.color }]));
  // A visit written without a type (before types, or by a path that books one slot) is a 'Consulta'.
  const consulta = types.find((type) => type.clave === 'Consulta');
  return (id_tipo) => byId.get(id_tipo ?? consulta?.id_tipo ?? 0) ?? null;
}

/**
 * Names a visit's type where its consultation's type is known too: a visit booked as one of the
 * spec's three types is named by the consultation's type (the doctor may have changed it, a
 * Consulta become a Revisión); one of the clinic's own types by itself.
 */
export async function visitTypeShower(db: Db, language: Language): Promise<(id_tipo: number | null, consulta: string | null) => TipoDeCita | null> {
  const types = await listVisitTypes(db, false);
  const named = (type: VisitTypeRow) => ({ id_tipo: type.id_tipo, nombre: tipoNombre(type, language), color: type.color });
  const byId = new Map(types.map((type) => [type.id_tipo, type]));
  const byKey = new Map(types.filter((type) => type.clave !== null).map((type) => [type.clave, type]));
  return (id_tipo, consulta) => {
    const booked = id_tipo === null ? undefined : byId.get(id_tipo);
    if (booked && booked.clave === null) return named(booked);
    const word = byKey.get(consulta ?? booked?.clave ?? 'Consulta') ?? booked;
    return word ? named(word) : null;
  };
}

/** An active type of the catalogue, or undefined. */
export async function findActiveVisitType(db: Db, id_tipo: number): Promise<VisitTypeRow | undefined> {
  const type = await findVisitType(db, id_tipo);
  return type?.activo === 1 ? type : undefined;
}
