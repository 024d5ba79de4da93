import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Schema = z.ZodType<unknown, FieldValues>;

/**
 * A form's zod validation that downloads after the screen has rendered, not before: the screen holds
 * only this loader, so zod (about 24 KB gzip) and the schema's module stay out of its first load
 * (decision 0087). They download when the browser is first idle, or at the first validation if that
 * comes sooner. react-hook-form awaits every resolver, so the form behaves the same.
 * Create it once per form, at module level: the loaded resolver is kept for the page's life.
 */
export function lazyZodResolver<S extends Schema>(
  loadSchema: () => Promise<S>,
): Resolver<z.input<S> & FieldValues, unknown, z.output<S>> {
  type Loaded = Resolver<z.input<S> & FieldValues, unknown, z.output<S>>;
  let loading: Promise<Loaded> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()])
      .then(([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Loaded)
      .catch((error: unknown) => {
        loading = undefined; // a failed download is retried at the next validation
        throw error;
      }));
  whenIdle(() => void load().catch(() => undefined));
  return async (values, context, options) => (await load())(values, context, options);
}

function whenIdle(task: () => void) {
  if (typeof window === 'undefined') return;
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
}
