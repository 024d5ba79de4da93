import { Button, Divider, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../language-select.tsx';
import { NavLinks, type NavItem } from './nav-links.tsx';

interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  /** The user menu's entries, listed after the main ones. */
  userItems?: NavItem[];
  hiddenFrom: 'md' | 'lg';
  onLogout?: () => void;
  logoutLabel?: string;
}

/** The navigation drawer of small screens; loaded the first time the menu button is pressed. */
export default function MobileNav({ opened, onClose, items, userItems, hiddenFrom, onLogout, logoutLabel }: MobileNavProps) {
  const { t } = useTranslation('common');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('menu')}
      hiddenFrom={hiddenFrom}
      position="right"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack component="nav" aria-label={t('main_nav')} gap="md">
        <NavLinks items={items} vertical onNavigate={onClose} />
        {userItems && userItems.length > 0 && (
          <>
            <Divider />
            <NavLinks items={userItems} vertical onNavigate={onClose} />
          </>
        )}
        <LanguageSelect size="sm" />
        {onLogout && (
          <Button
            variant="light"
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            {logoutLabel ?? t('logout')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
