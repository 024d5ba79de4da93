import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import classes from './notifications-layer.module.css';

/**
 * Loaded with the first notification (notifications queued before it mounts are shown). At most
 * three at once (the rest wait their turn), placed under the header rather than over its controls.
 * On a phone they come up from the bottom: at the top they covered the question of the dialog that
 * often follows them (a "cita cambiada" over "¿Cancelar la cita del…?").
 */
export default function NotificationsLayer() {
  // Read at once: the layer mounts with its first notification, which must not start at the top and jump.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'top-right'} limit={3} classNames={{ root: classes.root }} />;
}
