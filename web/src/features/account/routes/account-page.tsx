import { fullName } from '../../../../../contracts/names.ts';
import { Alert, Anchor, Divider, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { HOME_BY_ROLE } from '../../../../../contracts/roles.ts';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { Page } from '../../../components/page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAccount } from '../api/account.ts';
import { AccountLanguage } from '../components/account-language.tsx';
import { NoticeSwitchesCard } from '../components/notice-switches-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { SecondFactorCard } from '../components/second-factor-card.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';

/** The user's own account, read-only, for every role (the admin's 'Mi Perfil'). */
export default function AccountPage() {
  const { t, i18n } = useTranslation('account');
  const account = useAccount();

  if (account.isPending) return <PageLoader />;
  return (
    <Page size="md" title={t('title')} intro={t('intro')}>
      {account.isError ? (
        <Alert color="red" role="alert">
          {t('common:load_error')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <DefinitionList
            cols={{ base: 1, sm: 2 }}
            items={[
              { label: t('field_username'), value: account.data.nombre_usuario },
              {
                label: t('field_name'),
                value: fullName(account.data),
              },
              { label: t('field_email'), value: account.data.correo },
              { label: t('field_role'), value: t(`common:role_${account.data.rol}`) },
              { label: t('field_created'), value: formatDate(account.data.creado_en, i18n.language) },
            ]}
          />
          <Divider my="md" />
          <AccountLanguage idioma={account.data.idioma} />
        </Paper>
      )}
      {account.data?.rol === 'paciente' && <NoticeSwitchesCard />}
      {account.data && <PasswordCard username={account.data.nombre_usuario} />}
      <SecondFactorCard />
      <SessionsCard />
      <Text mt="lg">
        <Anchor component={Link} to={account.data ? HOME_BY_ROLE[account.data.rol] : '/home'}>
          {t('back_home')}
        </Anchor>
      </Text>
    </Page>
  );
}
