import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './notifications-layer.module.css';

/**
 * Loaded with the first notification (notifications queued before it mounts are shown). At most
 * three at once (the rest wait their turn), placed under the header rather than over its controls.
 */
export default function NotificationsLayer() {
  return <Notifications position="top-right" limit={3} classNames={{ root: classes.root }} />;
}
