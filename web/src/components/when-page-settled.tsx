import type { ReactNode } from 'react';
import { usePageSettled } from '../lib/page-settled.ts';

/**
 * Draws its children once the page has its data (lib/page-settled.ts). The screen itself does not
 * watch that moment: were it to, the whole screen would draw again then, in one long task on a phone.
 */
export function WhenPageSettled({ children }: { children: ReactNode }) {
  return usePageSettled() ? children : null;
}
