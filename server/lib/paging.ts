import type { FastifyReply, FastifyRequest } from 'fastify';
import { APPROXIMATE_TOTAL_HEADER } from '../../contracts/common.ts';

/** One page of a list as a service returns it: the items and how many there are in all. */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** The total is a lower bound (a search stops counting at SEARCH_COUNT_LIMIT). */
  approximate?: boolean;
}

const DEFAULT_PAGE_SIZE = 50;

/**
 * Answers a page of a list (decision #35): the items as the body, the total in X-Total-Count
 * (X-Total-Count-Approximate: true when it is a lower bound), and the first, last, previous and
 * next pages in a Link header (RFC 8288), each the same address with the same filters and only
 * `pagina` changed, so a client can load the whole list by following rel="next".
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: ListPage<T>): T[] {
  const query = (request.query ?? {}) as { pagina?: unknown; por_pagina?: unknown };
  const pagina = typeof query.pagina === 'number' ? query.pagina : 1;
  const porPagina = typeof query.por_pagina === 'number' ? query.por_pagina : DEFAULT_PAGE_SIZE;
  const last = Math.max(1, Math.ceil(page.total / porPagina));
  void reply.header('x-total-count', String(page.total));
  if (page.approximate) void reply.header(APPROXIMATE_TOTAL_HEADER, 'true');
  void reply.header('link', pageLinks(request.url, pagina, porPagina, last));
  void reply.header('access-control-expose-headers', `X-Total-Count, ${APPROXIMATE_TOTAL_HEADER}, Link`);
  return page.items;
}

/** The Link header's value for page `pagina` of `last`: first and last always, prev and next where they exist. */
export function pageLinks(url: string, pagina: number, porPagina: number, last: number): string {
  const [path = '', search = ''] = url.split('#')[0]!.split('?', 2);
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    params.delete('pagina');
    params.delete('por_pagina');
    params.set('pagina', String(target));
    params.set('por_pagina', String(porPagina));
    return `<${path}?${params.toString()}>`;
  };
  const links = [`${to(1)}; rel="first"`];
  // A page past the end points back to the last one.
  if (pagina > 1) links.push(`${to(Math.min(pagina - 1, last))}; rel="prev"`);
  if (pagina < last) links.push(`${to(pagina + 1)}; rel="next"`);
  links.push(`${to(last)}; rel="last"`);
  return links.join(', ');
}
