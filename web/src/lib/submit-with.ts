import type { FormEvent } from 'react';

/** A form's onSubmit that keeps the browser from posting the page and runs `submit` instead. */
export function submitWith(submit: () => unknown) {
  return (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
}
