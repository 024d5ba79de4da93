import { describe, expect, it } from 'vitest';
import { addAppointment } from '../testing/patients.ts';
import { DATABASES, useTestServer, type ApiResponse, type TestServer } from '../testing/test-server.ts';
import { pageLinks } from './paging.ts';

/** The Link header (RFC 8288) as a map from rel to target: `<url>; rel="next", …`. */
function linksOf(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  for (const part of (header ?? '').split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>\s*;\s*rel="([^"]+)"$/.exec(part.trim());
    if (match) links[match[2]!] = match[1]!;
  }
  return links;
}

/** What a client written to "load all" does: start at page 1, follow rel="next" until there is none. */
async function loadAll<T>(server: TestServer, first: string, token: string): Promise<{ items: T[]; total: number; pages: number }> {
  const items: T[] = [];
  let url: string | undefined = first;
  let total = -1;
  let pages = 0;
  while (url) {
    const response: ApiResponse<T[]> = await server.request<T[]>('GET', url, { token });
    expect(response.status, url).toBe(200);
    total = Number(response.headers.get('x-total-count'));
    items.push(...response.body);
    pages += 1;
    expect(pages).toBeLessThan(50);
    url = linksOf(response.headers.get('link')).next;
  }
  return { items, total, pages };
}

describe.each(DATABASES)('paged lists on %s (decision #35)', (kind) => {
  const server = useTestServer(kind);

  it('lead a client following rel="next" through the patient list, every patient exactly once', async () => {
    const admin = await server.createUser('admin');
    const created = [];
    for (let index = 0; index < 7; index += 1) created.push(await server.createUser('paciente', { nombre: 'Paginado' }));
    const all = await loadAll<{ id_paciente: number }>(server, '/api/pacientes?buscar=paginado&por_pagina=3', admin.token);
    expect(all.pages).toBe(3);
    expect(all.total).toBe(7);
    const ids = all.items.map((item) => item.id_paciente);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(created.map((user) => user.id_paciente).sort((a, b) => (a ?? 0) - (b ?? 0)));

    // A middle page names its neighbours, the first and the last, with the same search.
    const middle = await server.request('GET', '/api/pacientes?buscar=paginado&pagina=2&por_pagina=3', { token: admin.token });
    expect(linksOf(middle.headers.get('link'))).toEqual({
      first: '/api/pacientes?buscar=paginado&pagina=1&por_pagina=3',
      prev: '/api/pacientes?buscar=paginado&pagina=1&por_pagina=3',
      next: '/api/pacientes?buscar=paginado&pagina=3&por_pagina=3',
      last: '/api/pacientes?buscar=paginado&pagina=3&por_pagina=3',
    });
    expect(middle.headers.get('access-control-expose-headers')).toContain('Link');
  });

  it("lead a client following rel=\"next\" through a doctor's visits, every visit exactly once", async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const visits: number[] = [];
    for (let day = 10; day < 15; day += 1) {
      for (const hora of ['09:00', '10:00']) {
        visits.push(await addAppointment(server, { id_paciente: patient.id_paciente!, id_doctor: doctor.id_doctor!, fecha: `2026-03-${day}`, hora }));
      }
    }
    const all = await loadAll<{ id_cita: number }>(server, '/api/medico/visitas?por_pagina=4', doctor.token);
    expect(all.total).toBe(10);
    expect(all.pages).toBe(3);
    const ids = all.items.map((item) => item.id_cita);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual([...visits].sort((a, b) => a - b));

    const last = await server.request('GET', '/api/medico/visitas?por_pagina=4&pagina=3', { token: doctor.token });
    expect(linksOf(last.headers.get('link'))).toEqual({
      first: '/api/medico/visitas?pagina=1&por_pagina=4',
      prev: '/api/medico/visitas?pagina=2&por_pagina=4',
      last: '/api/medico/visitas?pagina=3&por_pagina=4',
    });
  });
});

describe('the Link header of a page', () => {
  it('keeps every filter, drops a stale page number, and has only first and last on a single page', () => {
    expect(pageLinks('/api/x?desde=2026-01-01&pagina=9&accion=a%2Cb', 1, 50, 1)).toBe(
      '</api/x?desde=2026-01-01&accion=a%2Cb&pagina=1&por_pagina=50>; rel="first", </api/x?desde=2026-01-01&accion=a%2Cb&pagina=1&por_pagina=50>; rel="last"',
    );
    // Past the end, prev leads back to the last page.
    expect(pageLinks('/api/x', 9, 10, 3)).toBe(
      '</api/x?pagina=1&por_pagina=10>; rel="first", </api/x?pagina=3&por_pagina=10>; rel="prev", </api/x?pagina=3&por_pagina=10>; rel="last"',
    );
  });
});
