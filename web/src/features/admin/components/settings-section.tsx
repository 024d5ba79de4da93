import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SettingsSectionProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  hint: ReactNode;
  children: ReactNode;
};

/** One card of the clinic's settings: its heading, a line on what it changes, then its controls. */
export function SettingsSection({ id, title, hint, children }: SettingsSectionProps) {
  return (
    <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {hint}
      </Text>
      {children}
    </Paper>
  );
}
