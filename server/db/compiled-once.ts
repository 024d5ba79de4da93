import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { keepPrepared } from './prepared-statements.ts';
import type { Database } from './schema/index.ts';

/**
 * Hot queries whose SQL depends only on which values are given, not on what they are: built and
 * compiled by Kysely once per shape, then run with each call's values. Building and compiling a
 * query costs Kysely 25-90 µs, as much as running a small indexed read on SQLite, and the session
 * check alone runs on every request.
 *
 * `build` is called with stand-ins for the given values (every truthy leaf of its arguments: plain
 * objects and arrays are walked). It may test whether a value is given and how long a list is; it
 * must pass each value on to Kysely as a value (`where`, `set`, `values`, `limit`), never look into
 * it. A falsy value (undefined, null, '', 0, false) is passed as it is and is part of the shape. The
 * first build of a shape checks that every stand-in became a parameter, so a misuse fails its tests.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<QueryResult<Row>> {
  // By Kysely instance (its adapter: a transaction shares its database's), then by shape.
  const compiledBy = new WeakMap<object, Map<string, Compiled<Row>>>();
  return async (db, ...args) => {
    // The hot path only reads the call's shape and values; stand-ins are made for a new shape only.
    const values: unknown[] = [];
    let key = '';
    for (const arg of args) key += shapeOf(arg, values);
    const adapter = db.getExecutor().adapter;
    let shapes = compiledBy.get(adapter);
    if (!shapes) compiledBy.set(adapter, (shapes = new Map<string, Compiled<Row>>()));
    let compiled = shapes.get(key);
    if (!compiled) {
      let made = 0;
      const standIns = args.map((arg) => withStandIns(arg, () => new StandIn(made++))) as Args;
      const query = build(db, ...standIns).compile();
      ensureEveryValueIsAParameter(query, values.length);
      keepPrepared(query.sql);
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      compiled = { query, slots: query.parameters.map((parameter) => (parameter instanceof StandIn ? parameter.index : { constant: parameter })) };
      shapes.set(key, compiled);
    }
    const parameters = compiled.slots.map((slot) => (typeof slot === 'number' ? values[slot] : slot.constant));
    return db.executeQuery<Row>({ ...compiled.query, parameters, queryId: createQueryId() });
  };
}

/** A compiled shape, and where each of its parameters comes from: a value of the call's, or a constant of the query's. */
interface Compiled<Row> {
  query: CompiledQuery<Row>;
  slots: (number | { constant: unknown })[];
}

/** A query with a list among its values has one shape per list length; past this many, start over. */
const MAX_SHAPES = 64;

class StandIn {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

/**
 * The shape of one argument, as text, with its values pushed onto `values` in walking order. A name
 * is followed by a character no identifier holds, so no two shapes read alike.
 */
function shapeOf(value: unknown, values: unknown[]): string {
  if (Array.isArray(value)) {
    let shape = `[${value.length}:`;
    for (const item of value) shape += shapeOf(item, values);
    return `${shape}]`;
  }
  if (isPlainObject(value)) {
    let shape = '{';
    for (const name in value) shape += `${name}\u0000${shapeOf(value[name], values)}`;
    return `${shape}}`;
  }
  if (!value) return value === undefined ? 'u,' : `${JSON.stringify(value)},`;
  values.push(value);
  return '?,';
}

/** The argument with a stand-in in place of each value, walked in shapeOf's order. */
function withStandIns(value: unknown, next: () => StandIn): unknown {
  if (Array.isArray(value)) return value.map((item) => withStandIns(item, next));
  if (isPlainObject(value)) {
    const object: Record<string, unknown> = {};
    for (const name in value) object[name] = withStandIns(value[name], next);
    return object;
  }
  return value ? next() : value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function ensureEveryValueIsAParameter(compiled: CompiledQuery, count: number): void {
  const passed = new Set(compiled.parameters.filter((parameter) => parameter instanceof StandIn).map((standIn) => standIn.index));
  for (let index = 0; index < count; index += 1) {
    if (!passed.has(index)) {
      throw new Error(`compiledOnce: value ${index} did not become a parameter of \`${compiled.sql}\` (the build looked into it or left it out)`);
    }
  }
}
