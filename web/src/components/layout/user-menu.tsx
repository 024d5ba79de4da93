import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { NavItem } from './nav-links.tsx';

interface UserMenuProps {
  name: string;
  items: NavItem[];
  onLogout: () => void;
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '').join('') || '?');
}

/** The signed-in user's menu in the header: their name, their personal screens and 'Cerrar sesión'. */
export default function UserMenu({ name, items, onLogout }: UserMenuProps) {
  const { t } = useTranslation('common');
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={t('user_menu', { name })} data-user-menu>
          <Avatar color="blue.8" variant="filled" radius="xl" size={34}>
            {initials(name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu holds only items and separators: the name is a disabled item heading the list. */}
        <Menu.Item disabled fw={600} c="var(--mantine-color-text)" style={{ opacity: 1, cursor: 'default' }}>
          {name}
        </Menu.Item>
        <Menu.Divider role="separator" />
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Divider role="separator" />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
