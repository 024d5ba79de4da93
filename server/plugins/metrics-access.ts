import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Headers a reverse proxy adds when it relays someone else's request. */
const RELAYED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A request from this machine itself: the connection's own peer is loopback (never `request.ip`,
 * which TRUST_PROXY takes from a header a client can write) and no proxy says it relays it for
 * someone else (a reverse proxy on the same machine connects from loopback too).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  return LOOPBACK.test(peer) && RELAYED.every((header) => request.headers[header] === undefined);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The request carries `Authorization: Bearer <token>`, compared in constant time (hashes of equal length). */
export function carriesToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers.authorization;
  if (typeof header !== 'string') return false;
  const [scheme, sent, ...rest] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !sent || rest.length > 0) return false;
  return timingSafeEqual(digest(sent), digest(token));
}
