import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { requestOverlay } from './overlay-host.ts';

// Mantine's close button has no name of its own (axe: button-name, critical).
// The store keeps what is shown before the notifications layer has loaded.
const show = (message: string, color: string, autoClose: number) => {
  requestOverlay('notifications');
  notifications.show({ message, color, autoClose, closeButtonProps: { 'aria-label': i18n.t('common:close') } });
};

/** Outcome messages (the spec's alerts), shown as accessible notifications. */
export function notifySuccess(message: string) {
  show(message, 'green', 5000);
}

export function notifyError(message: string) {
  show(message, 'red', 8000);
}

export function notifyInfo(message: string) {
  show(message, 'blue', 6000);
}
