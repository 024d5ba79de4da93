import { Alert, Container, Loader, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DefinitionList, type Definition } from './definition-list.tsx';

interface VisitLinkPageProps<T> {
  title: string;
  /** Why the link opens nothing (missing, used, expired, not valid); undefined while it may open. */
  refusal: string | undefined;
  loadingLabel: string;
  /** What the link is about, once read; undefined while it is being read. */
  data: T | undefined;
  /** The visit the link is about, as label and value pairs. */
  details: (data: T) => Definition[];
  /** Under the visit: what the link does, then its outcome. */
  children: (data: T) => ReactNode;
}

/**
 * A page a patient opens from a link in a message about one visit (a reminder's one-tap link, a
 * waitlist offer), without logging in: the link's refusal, or the visit and what the link does.
 */
export function VisitLinkPage<T>({ title, refusal, loadingLabel, data, details, children }: VisitLinkPageProps<T>) {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{title}</Title>
        {refusal !== undefined ? (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        ) : data === undefined ? (
          <Loader aria-label={loadingLabel} />
        ) : (
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <DefinitionList cols={{ base: 1, sm: 2 }} items={details(data)} />
              {children(data)}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
