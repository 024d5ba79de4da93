import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../../lib/router.tsx';
import { forgetLoginReason, isLoginReason, readLoginReason, type LoginReason } from '../../../lib/login-reason.ts';

/**
 * Says why the app brought the user to /login: the session expired, was ended from another
 * device or by an administrator, or the page asked for needs a log-in.
 */
export function LoginReasonNotice() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const fromState = (location.state as { motivo?: unknown } | null)?.motivo;
  // The stored reason is read once (then forgotten); the guard's follows the address, so a log-out
  // that lands here afterwards without it shows nothing.
  const [stored] = useState<LoginReason | null>(readLoginReason);
  const reason = stored ?? (isLoginReason(fromState) ? fromState : null);
  useEffect(() => forgetLoginReason(), []);
  if (!reason || reason === 'salida') return null;
  return (
    <Alert color="blue" role="status" title={t(`reason_${reason}_title`)}>
      {t(`reason_${reason}`)}
    </Alert>
  );
}
