import { Container } from '@mantine/core';
import { useSearchParams } from '../../../lib/router.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { RequestResetForm } from '../components/request-reset-form.tsx';

/**
 * 'Forgot password': without a token, ask for a link; with the token of an e-mailed link, set a new
 * password (the first one, for a patient the front desk registered and invited).
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Container size={460} py="xl">
      {token ? <NewPasswordForm token={token} invitation={params.get('invitacion') === '1'} /> : <RequestResetForm />}
    </Container>
  );
}
