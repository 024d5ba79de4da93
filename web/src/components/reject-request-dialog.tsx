import { lazy, Suspense } from 'react';
import type { RejectRequestDialogProps } from './reject-request-dialog-impl.tsx';

export type { RejectTarget } from './reject-request-dialog-impl.tsx';

// The dialog (Mantine's Modal, and zod for the reason's rule) loads when a doctor first rejects a
// request, not with the doctor's home and agenda: ~45 KB gzip less before those screens render.
const Dialog = lazy(() => import('./reject-request-dialog-impl.tsx').then((module) => ({ default: module.RejectRequestDialog })));

/**
 * Asks before rejecting a request, naming the patient, date and time, with an optional one-line reason
 * the patient will read. Used by the agenda and the doctor's home.
 */
export function RejectRequestDialog(props: RejectRequestDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
