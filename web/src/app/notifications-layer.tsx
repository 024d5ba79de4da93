import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Loaded with the first notification (notifications queued before it mounts are shown). */
export default function NotificationsLayer() {
  return <Notifications position="top-right" limit={4} />;
}
