import { Anchor, Badge, Group, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import classes from './app-header.module.css';

export interface NavItem {
  to: string;
  label: string;
  /** A count shown next to the label (pending requests), with its words for screen readers. */
  count?: { value: number; label: string };
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
      {item.count && item.count.value > 0 ? (
        <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
          {item.label}
          <Badge component="span" size="sm" color="orange.9" variant="filled" aria-hidden>
            {item.count.value}
          </Badge>
          <VisuallyHidden>, {item.count.label}</VisuallyHidden>
        </Group>
      ) : (
        item.label
      )}
    </Anchor>
  ));
}
