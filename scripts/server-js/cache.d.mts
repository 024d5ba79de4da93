export declare const CACHE_DIR: string;
export declare function copyOf(source: string): string;
