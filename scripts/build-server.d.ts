export declare const BUILD_DIR: string;
/** What `npm start` runs. */
export declare const SERVER_ENTRY: string;
/** The build's sources (files and folders: a deleted file changes its folder) newer than the last build? */
export declare function serverBuildIsStale(): boolean;
/** Compiles the server; tsc only type-checks with `npm run typecheck`, so a build takes seconds. */
export declare function buildServer(): Promise<void>;
/** Compiles the server when a source is newer than the last build; once per process. */
export declare function buildServerIfStale(): Promise<void>;
