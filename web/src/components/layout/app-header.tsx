import { Box, Burger, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconStethoscope } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageSettled } from '../../lib/page-settled.ts';
import { Link } from '../../lib/router.tsx';
import { LanguageSelect } from '../language-select.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import classes from './app-header.module.css';
import { NavLinks, type NavItem } from './nav-links.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

export type { NavItem } from './nav-links.tsx';

// The drawer (portal, focus trap, scroll lock, transitions) is only needed once the menu opens.
const MobileNav = lazy(() => import('./mobile-nav.tsx'));
// The user menu (Mantine's Menu, its popover and floating-ui, ~35 KB) only for signed-in areas. Its
// code downloads once the screen has its data, and the header swaps its own button for the menu
// only when the user reaches for it (pointer over, focus, press): drawing the menu at load would be
// one more long task on a phone while the screen is still settling. Pressed before the code has
// arrived, the button opens the menu as soon as it does.
const loadUserMenu = () => import('./user-menu.tsx').then((module) => module.default);
type LoadedUserMenu = { UserMenu: Awaited<ReturnType<typeof loadUserMenu>>; hadFocus: boolean };

interface AppHeaderProps {
  /** Where the logo goes. */
  homeTo: string;
  items: NavItem[];
  /** The signed-in user's name and personal screens: shown in the user menu (and the drawer). */
  user?: { name: string; items: NavItem[] };
  onLogout?: () => void;
  logoutLabel?: string;
}

/** The top bar of every area: logo, navigation (a drawer on small screens), language and theme. */
export function AppHeader({ homeTo, items, user, onLogout, logoutLabel }: AppHeaderProps) {
  const { t } = useTranslation('common');
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuUsed, setMenuUsed] = useState(false);
  if (opened && !menuUsed) setMenuUsed(true);
  const pageSettled = usePageSettled();
  const [userMenu, setUserMenu] = useState<LoadedUserMenu>();
  const [openUserMenuOnLoad, setOpenUserMenuOnLoad] = useState(false);
  const userButton = useRef<HTMLButtonElement>(null);
  const wantUserMenu = useCallback(() => {
    void loadUserMenu()
      .then((UserMenu) =>
        setUserMenu((loaded) => loaded ?? { UserMenu, hadFocus: document.activeElement === userButton.current }),
      )
      .catch(() => undefined); // offline: the next hover, focus or press tries again
  }, []);
  useEffect(() => {
    if (user && pageSettled) void loadUserMenu().catch(() => undefined);
  }, [user, pageSettled]);
  const openUserMenuWhenLoaded = () => {
    setOpenUserMenuOnLoad(true);
    wantUserMenu();
  };
  // A signed-in area has more entries: the bar shows them from 1200 px, the burger below.
  const breakpoint = user ? 'lg' : 'md';

  return (
    <Box component="header" className={classes.header}>
      <a href="#contenido" className={classes.skip}>
        {t('skip_to_content')}
      </a>
      <Container size={user ? 'xl' : 'lg'} h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to={homeTo} aria-label={t('logo_label')} className={classes.logo}>
            <IconStethoscope size={26} aria-hidden />
            <Text fw={700} size="lg">
              Galeno
            </Text>
          </UnstyledButton>
          <Group gap="md" visibleFrom={breakpoint} component="nav" aria-label={t('main_nav')} wrap="nowrap">
            <NavLinks items={items} vertical={false} onNavigate={close} />
            {onLogout && !user && (
              <Button variant="subtle" size="compact-sm" onClick={onLogout}>
                {logoutLabel ?? t('logout')}
              </Button>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="sm">
              <LanguageSelect />
            </Box>
            <ThemeToggle />
            {user &&
              onLogout &&
              (userMenu ? (
                <userMenu.UserMenu
                  name={user.name}
                  items={user.items}
                  onLogout={onLogout}
                  openAtStart={openUserMenuOnLoad}
                  focusAtStart={userMenu.hadFocus}
                />
              ) : (
                <UserMenuButton
                  ref={userButton}
                  name={user.name}
                  aria-haspopup="menu"
                  aria-expanded={false}
                  onPointerEnter={wantUserMenu}
                  onFocus={wantUserMenu}
                  // On press, not on click: if the menu arrives between press and release, this button
                  // is gone before its click, and the menu must open all the same.
                  onPointerDown={openUserMenuWhenLoaded}
                  onClick={openUserMenuWhenLoaded}
                />
              ))}
            <Burger opened={opened} onClick={toggle} hiddenFrom={breakpoint} aria-label={t('open_menu')} />
          </Group>
        </Group>
      </Container>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileNav
            opened={opened}
            onClose={close}
            items={items}
            userItems={user?.items}
            hiddenFrom={breakpoint}
            onLogout={onLogout}
            logoutLabel={logoutLabel}
          />
        </Suspense>
      )}
    </Box>
  );
}
