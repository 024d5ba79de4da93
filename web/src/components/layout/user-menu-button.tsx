import { Avatar, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** The header's round button with the user's initials that opens their menu. */
export function UserMenuButton({ name, ...props }: { name: string } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('common');
  return (
    <UnstyledButton aria-label={t('user_menu', { name })} data-user-menu {...props}>
      <Avatar color="blue.8" variant="filled" radius="xl" size={34}>
        {initials(name)}
      </Avatar>
    </UnstyledButton>
  );
}
