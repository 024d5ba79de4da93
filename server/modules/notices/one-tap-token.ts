import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a one-tap link in a reminder does: say the patient will come, cancel, or go and pick another time. */
export const ONE_TAP_ACTIONS = ['confirmar', 'cancelar', 'cambiar'] as const;
export type OneTapAction = (typeof ONE_TAP_ACTIONS)[number];

export interface OneTapClaim {
  id_cita: number;
  accion: OneTapAction;
  /** Seconds since 1970: the visit's start; the link is dead after it. */
  caduca: number;
}

/**
 * What the signature also covers without being in the link: the visit's date and time (a moved
 * visit's old links die) and the patient's password hash (changing the password kills every link).
 */
export interface OneTapSeal {
  fecha: string;
  hora: string;
  contrasena_hash: string;
}

/** The links' own key, derived from the server secret (a leaked link key says nothing of the tokens' key). */
export function oneTapKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'galeno', 'galeno one-tap links v1', 32));
}

const signature = (key: Buffer, claim: OneTapClaim, seal: OneTapSeal) =>
  createHmac('sha256', key)
    .update([claim.id_cita, claim.accion, claim.caduca, seal.fecha, seal.hora.slice(0, 5), seal.contrasena_hash].join('\n'))
    .digest('base64url');

/** `id.action.expiry.signature`: readable parts, an HMAC-SHA256 over them and the seal. */
export function signOneTap(key: Buffer, claim: OneTapClaim, seal: OneTapSeal): string {
  return `${claim.id_cita}.${claim.accion}.${claim.caduca}.${signature(key, claim, seal)}`;
}

/** The claim a link makes, unchecked (its signature needs the visit's seal): undefined when malformed. */
export function readOneTap(token: string): (OneTapClaim & { firma: string }) | undefined {
  const match = /^([1-9]\d{0,9})\.(confirmar|cancelar|cambiar)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const id_cita = Number(match[1]);
  if (id_cita > 2_147_483_647) return undefined;
  return { id_cita, accion: match[2] as OneTapAction, caduca: Number(match[3]), firma: match[4] as string };
}

/** Whether the link's signature is the one this key makes for that claim and seal (in constant time). */
export function verifyOneTap(key: Buffer, claim: OneTapClaim & { firma: string }, seal: OneTapSeal): boolean {
  const expected = Buffer.from(signature(key, claim, seal));
  const given = Buffer.from(claim.firma);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
