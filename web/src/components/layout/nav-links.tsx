import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink } from '../../lib/router.tsx';
import classes from './app-header.module.css';

export interface NavItem {
  to: string;
  label: string;
  /** Shown after the label, inside the link (the doctor's count of pending requests). */
  badge?: ReactNode;
}

/** The links of an area's navigation: in the top bar, or stacked in the mobile drawer. */
export function NavLinks({
  items,
  vertical,
  onNavigate,
}: {
  items: NavItem[];
  vertical: boolean;
  onNavigate: () => void;
}) {
  return items.map((item) => (
    <Anchor
      key={item.to}
      component={NavLink}
      to={item.to}
      onClick={onNavigate}
      className={classes.link}
      underline="hover"
      fw={500}
      size={vertical ? 'lg' : 'sm'}
    >
      {item.label}
      {item.badge}
    </Anchor>
  ));
}
