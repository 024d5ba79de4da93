import { lazy, Suspense } from 'react';
import { useOverlayWanted } from '../lib/overlay-host.ts';

const NotificationsLayer = lazy(() => import('./notifications-layer.tsx'));
const ModalsLayer = lazy(() => import('./modals-layer.tsx'));

/**
 * Notifications and confirm dialogs, mounted the first time something needs them (lib/notify.ts,
 * lib/confirm.ts): their code is not part of what a page loads up front.
 * Each layer waits for its code in a boundary of its own. Under one boundary, the first notice
 * after a confirmation (its layer still downloading) suspended the dialogs' layer too, in the
 * middle of the dialog's closing fade: the dialog stayed on the page, invisible, and took every
 * click.
 */
export function OverlayHosts() {
  const notifications = useOverlayWanted('notifications');
  const dialogs = useOverlayWanted('modals');
  return (
    <>
      <Suspense fallback={null}>{notifications && <NotificationsLayer />}</Suspense>
      <Suspense fallback={null}>{dialogs && <ModalsLayer />}</Suspense>
    </>
  );
}
