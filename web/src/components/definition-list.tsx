import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Definition {
  label: string;
  value: ReactNode;
}

/** Read-only label/value pairs as a description list (screen readers announce them as pairs). */
export function DefinitionList({ items, cols = 1 }: { items: Definition[]; cols?: number | { base: number; sm?: number; md?: number } }) {
  return (
    <SimpleGrid cols={cols} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {items.map(({ label, value }) => (
        <div key={label}>
          <Text component="dt" size="sm" fw={600} c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
