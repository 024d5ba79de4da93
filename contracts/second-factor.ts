import { z } from 'zod';

/**
 * The second factor: time-based one-time codes (RFC 6238) with single-use recovery codes. A code
 * field takes either: six digits from the authenticator app, or a recovery code (ten letters and
 * digits, dashes and spaces ignored).
 */

/** Recovery codes as the server shows them: `abcd-efgh-jk`. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/;

/** What a typed code is: six digits, or a recovery code once dashes and spaces are dropped. */
export function codeKind(code: string): 'totp' | 'recuperacion' | undefined {
  const compact = code.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return 'totp';
  if (/^[a-z2-9]{10}$/.test(compact)) return 'recuperacion';
  return undefined;
}

export const codeField = z
  .string({ error: 'codigo_requerido' })
  .trim()
  .min(1, 'codigo_requerido')
  .max(20, 'codigo_formato')
  .refine((code) => codeKind(code) !== undefined, 'codigo_formato');

/** POST /api/login when the account has a second factor: no token yet, a ticket for the code step. */
export const loginTicketSchema = z.object({
  segundo_factor_requerido: z.literal(true),
  /** Opaque, single-use, short-lived: goes back with the code to POST /api/login/codigo. */
  ticket: z.string(),
  /** Seconds the ticket lasts. */
  expires_in: z.number(),
});
export type LoginTicket = z.infer<typeof loginTicketSchema>;

/** POST /api/login/codigo. */
export const loginCodeSchema = z.object({
  ticket: z.string({ error: 'valor_invalido' }).min(1, 'valor_invalido').max(100, 'valor_invalido'),
  codigo: codeField,
});
export type LoginCode = z.infer<typeof loginCodeSchema>;

/** GET /api/auth/segundo-factor. */
export const secondFactorStatusSchema = z.object({
  activo: z.boolean(),
  /** The user's role requires it (MFA_REQUIRED_ROLES). */
  requerido: z.boolean(),
  /** Recovery codes not used yet (0 when not active). */
  codigos_restantes: z.number(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

const passwordField = z.string({ error: 'contrasena_requerida' }).min(1, 'contrasena_requerida').max(128, 'texto_largo');

/** POST /api/auth/segundo-factor/inicio: re-authentication before the factor changes (ASVS 5). */
export const enrolmentStartSchema = z.object({ contrasena: passwordField });

export const enrolmentSchema = z.object({
  /** The base32 secret, for typing into an app by hand. */
  secreto: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/** POST /api/auth/segundo-factor/confirmacion: the first code from the app turns it on. */
export const enrolmentConfirmSchema = z.object({ codigo: codeField });

export const recoveryCodesSchema = z.object({ codigos_recuperacion: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning it off and new recovery codes: the password and a code (app or recovery). */
export const passwordAndCodeSchema = z.object({ contrasena: passwordField, codigo: codeField });
export type PasswordAndCode = z.infer<typeof passwordAndCodeSchema>;
