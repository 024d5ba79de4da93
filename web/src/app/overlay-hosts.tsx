import { lazy, Suspense } from 'react';
import { useOverlayWanted } from '../lib/overlay-host.ts';

const NotificationsLayer = lazy(() => import('./notifications-layer.tsx'));
const ModalsLayer = lazy(() => import('./modals-layer.tsx'));

/**
 * Notifications and confirm dialogs, mounted the first time something needs them (lib/notify.ts,
 * lib/confirm.ts): their code is not part of what a page loads up front.
 */
export function OverlayHosts() {
  const notifications = useOverlayWanted('notifications');
  const dialogs = useOverlayWanted('modals');
  return (
    <Suspense fallback={null}>
      {notifications && <NotificationsLayer />}
      {dialogs && <ModalsLayer />}
    </Suspense>
  );
}
