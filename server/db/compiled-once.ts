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
  const compiledBy = new WeakMap<object, Map<string, CompiledQuery<Row>>>();
  return async (db, ...args) => {
    const values: unknown[] = [];
    const shape: string[] = [];
    const standIns = args.map((arg) => standInFor(arg, values, shape)) as Args;
    const key = shape.join('');
    const adapter = db.getExecutor().adapter;
    let shapes = compiledBy.get(adapter);
    if (!shapes) compiledBy.set(adapter, (shapes = new Map<string, CompiledQuery<Row>>()));
    let compiled = shapes.get(key);
    if (!compiled) {
      compiled = build(db, ...standIns).compile();
      ensureEveryValueIsAParameter(compiled, values.length);
      keepPrepared(compiled.sql);
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, compiled);
    }
    const parameters = compiled.parameters.map((parameter) => (parameter instanceof StandIn ? values[parameter.index] : parameter));
    return db.executeQuery<Row>({ ...compiled, parameters, queryId: createQueryId() });
  };
}

/** A query with a list among its values has one shape per list length; past this many, start over. */
const MAX_SHAPES = 64;

class StandIn {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

function standInFor(value: unknown, values: unknown[], shape: string[]): unknown {
  if (Array.isArray(value)) {
    shape.push(`[${value.length}:`);
    const list = value.map((item) => standInFor(item, values, shape));
    shape.push(']');
    return list;
  }
  if (isPlainObject(value)) {
    shape.push('{');
    const object: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      shape.push(JSON.stringify(name), ':');
      object[name] = standInFor(field, values, shape);
    }
    shape.push('}');
    return object;
  }
  if (!value) {
    shape.push(value === undefined ? 'u' : JSON.stringify(value), ',');
    return value;
  }
  shape.push('?,');
  values.push(value);
  return new StandIn(values.length - 1);
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
