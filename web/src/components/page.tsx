import { Alert, Container, Text, Title } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

type PageProps = {
  size: MantineSize;
  title: ReactNode;
  /** The dimmed line under the title that says what the screen is for. */
  intro?: ReactNode;
  children?: ReactNode;
};

/** A screen's frame: its width, its one h1 and, when given, the intro under it. */
export function Page({ size, title, intro, children }: PageProps) {
  return (
    <Container size={size} py="xl">
      <Title order={1}>{title}</Title>
      {intro && (
        <Text c="dimmed" mt="xs" mb="lg">
          {intro}
        </Text>
      )}
      {children}
    </Container>
  );
}

/** The same frame when the screen cannot be shown: the title and why not. */
export function FailedPage({ size, title, message }: { size: MantineSize; title: ReactNode; message: ReactNode }) {
  return (
    <Page size={size} title={title}>
      <Alert color="red" role="alert" mt="md">
        {message}
      </Alert>
    </Page>
  );
}
