// The web build resolves `zod` here (web/vite.config.ts). Zod compiles object parsers with
// `new Function` when it may; probing for that trips the page's Content-Security-Policy (no
// 'unsafe-eval'), which browsers report as an issue. The forms parse small objects: no JIT needed.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
