import { z } from 'zod';

/**
 * The doctor's calendar subscription address. Only its hash is stored: the address itself (`url`)
 * is in the answer that creates it, and never again.
 */
export const enlaceCalendarioSchema = z.object({
  activo: z.boolean(),
  /** When the live address was made (null without one). */
  creado_en: z.string().nullable(),
  /** The address, only in the answer to POST (a new one). */
  url: z.string().nullable(),
});
export type EnlaceCalendario = z.infer<typeof enlaceCalendarioSchema>;

/** GET /api/calendario/{token}: the token, optionally followed by `.ics` (some apps like the suffix). */
export const calendarioParams = z.object({ token: z.string().max(200) });

/** Days of past visits the feed keeps, so the week just gone still shows in the doctor's calendar. */
export const FEED_PAST_DAYS = 30;
