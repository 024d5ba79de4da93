import { type ChildProcess } from 'node:child_process';
/** The password seed:large gives every account of the clinic it generates. */
export declare const BENCH_PASSWORD = "Bench1234!";
/** `npm start`'s own command line in a checkout (package.json), so the server measured is the one that runs. */
export declare function startScriptOf(dir?: string): string;
/**
 * What npm's prestart does before that command line in a checkout, the web build aside: compile
 * the server. A checkout from before the compiled build wrote type-stripped copies instead.
 */
export declare function compileServerIn(dir?: string): void;
/** The PostgreSQL schema that holds bench:api's clinic of `size` patients. */
export declare function benchSchema(size: number): string;
/** A connection URL to that schema. */
export declare function benchSchemaUrl(base: string, size: number): string;
export declare function waitFor(url: string, child: ChildProcess): Promise<void>;
export declare function login(base: string, usuario: string): Promise<string>;
