import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '../../../contracts/auth.ts';
import { isCommonPassword } from '../../../contracts/common-passwords.ts';
import { useCommonPasswords } from '../lib/common-passwords.ts';

/** The live password checklist of the registration screen (spec section 5): one line a rule. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const listLoaded = useCommonPasswords();
  const common = listLoaded && password.length > 0 && isCommonPassword(password);
  return (
    <>
      <Text size="sm" fw={500} mt={6} c="var(--mantine-color-text)">
        {t('rules_title')}
      </Text>
      <List spacing={2} size="sm" mt={4} center listStyleType="none">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <List.Item
              key={rule.key}
              data-met={met}
              icon={
                <ThemeIcon size={18} radius="xl" color={met ? 'teal' : 'gray'} variant={met ? 'filled' : 'light'} aria-hidden>
                  {met ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" component="span" c={met ? 'var(--mantine-color-text)' : 'dimmed'}>
                {t(`rule_${rule.key}`)}
              </Text>
              <VisuallyHidden>{met ? t('rule_met') : t('rule_unmet')}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
      {/* Meeting every rule is not enough when the password is one attackers try first. */}
      <div aria-live="polite">
        {common && (
          <Text size="sm" mt={4} c="var(--mantine-color-error)" data-testid="password-common" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
            <ThemeIcon size={18} radius="xl" color="red" variant="light" aria-hidden>
              <IconAlertTriangle size={12} />
            </ThemeIcon>
            <span>{t('rule_common')}</span>
          </Text>
        )}
      </div>
    </>
  );
}
