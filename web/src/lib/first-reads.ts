import type { QueryClient } from '@tanstack/react-query';
import type { Session } from './session.ts';

/**
 * What a screen reads as soon as it is drawn, started by the router with the screen's code on a
 * signed-in first load instead of after the first render (app/router.tsx). Built from the same query
 * options as the screen's hooks, so the hooks find these reads in the cache or under way. Here, not
 * in app/, because the features' screens export it and features do not import the app.
 */
export type FirstReads = (client: QueryClient, reader: { language: string; session: Session }) => void;
