import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { NavItem } from './nav-links.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

interface UserMenuProps {
  name: string;
  items: NavItem[];
  onLogout: () => void;
  /** The user pressed the header's button before the menu had downloaded: open at once. */
  openAtStart?: boolean;
  /** That button had the keyboard focus: give it to this menu's button. */
  focusAtStart?: boolean;
}

/** The signed-in user's menu in the header: their name, their personal screens and 'Cerrar sesión'. */
export default function UserMenu({ name, items, onLogout, openAtStart, focusAtStart }: UserMenuProps) {
  const { t } = useTranslation('common');
  const button = useRef<HTMLButtonElement | null>(null);
  // The focus moves in the same step as the buttons swap (a ref, not an effect): a key pressed
  // meanwhile cannot land on the page instead of the button.
  const takeButton = useCallback(
    (node: HTMLButtonElement | null) => {
      if (node && !button.current && focusAtStart && !openAtStart) node.focus();
      button.current = node;
    },
    // Only when the menu replaces the header's first button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return (
    <Menu
      position="bottom-end"
      width={260}
      shadow="md"
      withinPortal
      withInitialFocusPlaceholder={false}
      defaultOpened={openAtStart}
      // Opened as it mounted, Mantine has no earlier focus to return to on closing: the button it is.
      onClose={openAtStart ? () => button.current?.focus() : undefined}
    >
      <Menu.Target>
        <UserMenuButton ref={takeButton} name={name} />
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu holds only items and separators: the name is a disabled item heading the list. */}
        <Menu.Item disabled fw={600} c="var(--mantine-color-text)" style={{ opacity: 1, cursor: 'default' }}>
          {name}
        </Menu.Item>
        <Menu.Divider role="separator" />
        {/* Opened from the keyboard, the focus goes to the first screen (the arrows move on from it). */}
        {items.map((item, index) => (
          <Menu.Item key={item.to} component={Link} to={item.to} data-autofocus={index === 0 || undefined}>
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
