import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema/index.ts';
import { countResetsSince, insertReset } from './password-reset.repository.ts';
import { hashToken, publicBaseUrl } from './password-reset.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** How long an invitation to set the first password works: a patient may read it days later. */
export const INVITATION_DAYS = 7;

/**
 * An invitation to set a first password is a password-reset link that lasts longer: single use,
 * stored as the hash of its token, checked and used up by the reset endpoints and screen.
 */
export async function issueInvitation(db: Db, id_usuario: number, now: Date): Promise<{ token: string; caduca_en: string }> {
  const token = randomBytes(32).toString('base64url');
  const caduca_en = new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
  await insertReset(db, { id_usuario, hash_token: hashToken(token), creado_en: now.toISOString(), caduca_en });
  return { token, caduca_en };
}

/** The address the invitation e-mail carries: the reset screen, told it is a first password. */
export function invitationLink(config: Config, token: string): string {
  return `${publicBaseUrl(config)}/restablecer-contrasena?token=${token}&invitacion=1`;
}

/** Links (invitations and resets) an account was sent since an instant. */
export const countLinksSince = countResetsSince;
