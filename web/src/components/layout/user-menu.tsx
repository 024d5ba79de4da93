import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  const labelId = useId();
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('user_menu', { name })} data-user-menu>
          <Avatar color="blue.8" variant="filled" radius="xl" size={34}>
            {initials(name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu may hold only items, groups and separators: the name heads a group of the entries. */}
        <div role="group" aria-labelledby={labelId}>
          <Menu.Label id={labelId} fz="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </Menu.Label>
          <Menu.Divider role="separator" />
          {items.map((item) => (
            <Menu.Item key={item.to} component={Link} to={item.to}>
              {item.label}
            </Menu.Item>
          ))}
        </div>
        <Menu.Divider role="separator" />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
