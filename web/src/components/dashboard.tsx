import {
  Card,
  Container,
  Grid,
  Group,
  NavLink as MantineNavLink,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLogout, type Icon } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from '../lib/router.tsx';
import { useLogout } from '../lib/use-logout.ts';
import classes from './dashboard.module.css';

export interface DashboardLink {
  to: string;
  label: string;
  icon: ReactNode;
}

export interface DashboardCard extends DashboardLink {
  description: string;
}

/** A sidebar link titled `t(key)`. */
export const dashboardLink = (t: TFunction, to: string, key: string, LinkIcon: Icon): DashboardLink => ({
  to,
  label: t(key),
  icon: <LinkIcon size={18} aria-hidden />,
});

/** A card titled `t(key)` with the text `t(key_text)`. */
export const dashboardCard = (t: TFunction, to: string, key: string, CardIcon: Icon): DashboardCard => ({
  ...dashboardLink(t, to, key, CardIcon),
  description: t(`${key}_text`),
});

interface DashboardProps {
  title: string;
  subtitle?: string;
  /** A line under the subtitle (the patient's link to their clinical summary). */
  titleLink?: ReactNode;
  navLabel: string;
  links: DashboardLink[];
  cards: DashboardCard[];
  logoutLabel: string;
  /** The role's day, shown between the greeting and the cards. */
  children?: ReactNode;
}

/** A role's home: a sidebar of links (and logout) beside cards that lead to the main screens. */
export function Dashboard({
  title,
  subtitle,
  titleLink,
  navLabel,
  links,
  cards,
  logoutLabel,
  children,
}: DashboardProps) {
  const logout = useLogout();
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }} order={{ base: 1, sm: 2 }}>
          <Stack gap="xs" mb="lg">
            <Title order={1}>{title}</Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
            {titleLink && <Text>{titleLink}</Text>}
          </Stack>
          {children}
          <ul className={classes.cards}>
            {cards.map((card) => (
              <li key={card.label}>
                <Card
                  component={Link}
                  to={card.to}
                  withBorder
                  radius="md"
                  padding="lg"
                  h="100%"
                  className={classes.card}
                >
                  <Group gap="sm" wrap="nowrap" mb="xs">
                    <ThemeIcon variant="light" size="lg" aria-hidden>
                      {card.icon}
                    </ThemeIcon>
                    <Title order={2} size="h4">
                      {card.label}
                    </Title>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {card.description}
                  </Text>
                </Card>
              </li>
            ))}
          </ul>
        </Grid.Col>
        {/* On a phone the day comes first and the links after it; from sm the links sit on the left. */}
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }} order={{ base: 2, sm: 1 }}>
          <Paper withBorder p="xs" radius="md" component="nav" aria-label={navLabel}>
            {links.map((link) => (
              <MantineNavLink
                key={link.label}
                component={Link}
                to={link.to}
                label={link.label}
                leftSection={link.icon}
              />
            ))}
            <MantineNavLink
              component="button"
              label={logoutLabel}
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={() => void logout()}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
