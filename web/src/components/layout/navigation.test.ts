import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../../contracts/roles.ts';
import { canOpen, SCREENS, type ScreenName } from '../../../../contracts/routes.ts';
import { MENUS, NOT_IN_MENU } from './navigation.ts';

describe('one menu per role', () => {
  for (const role of ROLES) {
    it(`reaches every screen the ${role} may open, once, and nothing else`, () => {
      const entries = [...MENUS[role].main, ...MENUS[role].user];
      expect(new Set(entries).size).toBe(entries.length);
      for (const screen of entries) expect(canOpen(screen, role), screen).toBe(true);
      const reachable = (Object.keys(SCREENS) as ScreenName[]).filter(
        (screen) => SCREENS[screen].access !== 'public' && canOpen(screen, role) && !NOT_IN_MENU.includes(screen),
      );
      expect([...entries].sort()).toEqual(reachable.sort());
    });
  }
});
