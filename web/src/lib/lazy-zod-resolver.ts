import type { FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

type Schema = z.ZodType<unknown, FieldValues>;

/**
 * A form's zod validation that downloads after the screen has rendered, not before: the screen holds
 * only this loader, so zod (about 24 KB gzip) and the schema's module stay out of its first load.
 * They download at the user's first press or key on the page, or when the focus first reaches a
 * field (a form is filled after that), or at the first validation of a value if that
 * comes sooner (a password manager's autofill), so a phone does not evaluate them while the screen
 * is still loading. react-hook-form awaits every resolver, so the form behaves the same.
 * A form drawn with every field empty asks at once whether it is valid (its submit button is
 * disabled while not): until the rules have been asked for, the answer is 'not yet', with no message
 * to show. So this is only for forms with a required field.
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
  whenUserActs(() => void load().catch(() => undefined));
  return async (values, context, options) => {
    if (!loading && Object.values(values).every(isEmpty)) return NOT_YET as Awaited<ReturnType<Loaded>>;
    return (await load())(values, context, options);
  };
}

const NOT_YET: ResolverResult = { values: {}, errors: { rules: { type: 'not_loaded_yet' } } };
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

// A press, a key, or the focus reaching a field (a screen reader can move it there without either);
// not any focus: the app itself moves it to the page's content on every navigation.
const USER_ACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;
const isUserAction = (event: Event) =>
  event.type !== 'focusin' || (event.target instanceof Element && event.target.matches('input, textarea, select'));

function whenUserActs(task: () => void) {
  if (typeof window === 'undefined') return;
  const act = (event: Event) => {
    if (!isUserAction(event)) return;
    for (const type of USER_ACTIONS) window.removeEventListener(type, act, true);
    task();
  };
  for (const type of USER_ACTIONS) window.addEventListener(type, act, { capture: true, passive: true });
}
