import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/**
 * Keeping the second factor's secrets. Only Node's own primitives are used, as designed:
 * HKDF-SHA256 derives the key, AES-256-GCM seals each secret with a fresh nonce.
 */

/** The key that seals TOTP secrets, derived from the JWT signing secret for this one purpose. */
export function secretKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'galeno', 'galeno second factor secret v1', 32));
}

/** `v1.<nonce>.<tag>.<ciphertext>` in base64url. */
export function seal(plain: string, key: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret, or undefined when it cannot be opened (the JWT secret changed, or the row was altered). */
export function open(sealed: string, key: Buffer): string | undefined {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

// Lower-case letters and digits without 0, 1, l, o (read aloud or copied by hand without doubt).
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const RECOVERY_CODES = 10;

/** Ten random characters (50 bits) shown as `abcd-efgh-jk`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A recovery code as typed (any case, with or without dashes and spaces), hashed for lookup. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}

export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
