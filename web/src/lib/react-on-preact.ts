// What `import … from 'react'` resolves to in the browser build (web/vite.config.ts, decision 0097):
// Preact's React layer, plus the one React 19.2 export Mantine imports that it lacks.
import type { ReactNode } from 'react';

// @ts-expect-error -- the types say `export =`; the module the build reads is an ES module.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * Mantine wraps content it keeps mounted while hidden in <Activity> (the availability days' Tabs do
 * by default; Transition and Collapse when asked). Hidden content is left out, as an unmounted panel
 * would be: nothing hidden can show; only its state is lost, and those panels hold none.
 */
export function Activity({ mode, children }: { mode?: 'visible' | 'hidden'; children?: ReactNode }) {
  return mode === 'hidden' ? null : children;
}
