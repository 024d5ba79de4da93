import { modals } from '@mantine/modals';
import i18n from 'i18next';
import { ensureModalHost } from './overlay-host.ts';

/** Asks the user to confirm (the spec's confirm(...) texts); resolves true when they accept. */
export async function confirmAction(
  message: string,
  options: { confirmLabel?: string; cancelLabel?: string; danger?: boolean } = {},
): Promise<boolean> {
  await ensureModalHost();
  return new Promise((resolve) => {
    // Going back or forward while it is open cancels it: the question was about the page left
    // (confirmed over another patient's record, it would have acted on the first one's visit).
    const cancelOnLeave = () => modals.close(id);
    window.addEventListener('popstate', cancelOnLeave, { once: true });
    const settle = (answer: boolean) => {
      window.removeEventListener('popstate', cancelOnLeave);
      resolve(answer);
    };
    const id = modals.openConfirmModal({
      title: i18n.t('common:confirm_title'),
      closeButtonProps: { 'aria-label': i18n.t('common:close') },
      children: message,
      labels: {
        confirm: options.confirmLabel ?? i18n.t('common:accept'),
        cancel: options.cancelLabel ?? i18n.t('common:cancel'),
      },
      confirmProps: options.danger ? { color: 'red' } : {},
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
