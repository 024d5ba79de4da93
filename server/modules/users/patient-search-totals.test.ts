import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_LIMIT } from '../../../contracts/common.ts';
import { insertNamesakes } from '../../testing/namesakes.ts';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';

interface PatientItem {
  id_usuario: number;
  nombre_completo: string;
}

const MATCHES = SEARCH_COUNT_LIMIT + 105;

describe.each(DATABASES)('patient search totals past the count limit on %s', (kind) => {
  const server = useTestServer(kind);

  it('counts a search exactly up to the limit, then says "more than" and still pages to the end', async () => {
    const admin = await server.createUser('admin');
    // Three or more letters use the trigram index; two letters read the column: both count the same way.
    await insertNamesakes(server, 'Aproxqw', MATCHES);
    for (const buscar of ['aproxqw', 'qw']) {
      const list = (query: string) =>
        server.request<PatientItem[]>('GET', `/api/pacientes?buscar=${buscar}&${query}`, { token: admin.token });

      const first = await list('pagina=1');
      expect(first.status, buscar).toBe(200);
      expect(first.headers.get('x-total-count'), buscar).toBe(String(SEARCH_COUNT_LIMIT));
      expect(first.headers.get('x-total-count-approximate'), buscar).toBe('true');
      expect(first.headers.get('access-control-expose-headers'), buscar).toMatch(/x-total-count-approximate/i);
      expect(first.body.map((item) => item.nombre_completo), buscar).toEqual(
        Array.from({ length: 50 }, (_, i) => `Nombre${String(i).padStart(4, '0')} Aproxqw`),
      );

      // A page past the limit counts up to its own end: still more than that, so still approximate.
      const past = await list(`pagina=${SEARCH_COUNT_LIMIT / 50 + 1}`);
      expect(past.headers.get('x-total-count'), buscar).toBe(String(SEARCH_COUNT_LIMIT + 50));
      expect(past.headers.get('x-total-count-approximate'), buscar).toBe('true');
      expect(past.body[0]?.nombre_completo, buscar).toBe(`Nombre${String(SEARCH_COUNT_LIMIT).padStart(4, '0')} Aproxqw`);

      // The last page reaches the end: the total is exact again.
      const lastPage = Math.ceil(MATCHES / 50);
      const last = await list(`pagina=${lastPage}`);
      expect(last.headers.get('x-total-count'), buscar).toBe(String(MATCHES));
      expect(last.headers.get('x-total-count-approximate'), buscar).toBeNull();
      expect(last.body, buscar).toHaveLength(MATCHES - (lastPage - 1) * 50);

      // Paging through with the largest page size meets every match once, in name order.
      const seen: PatientItem[] = [];
      for (let pagina = 1; ; pagina++) {
        const page = await list(`pagina=${pagina}&por_pagina=200`);
        expect(page.status, buscar).toBe(200);
        if (page.body.length === 0) break;
        seen.push(...page.body);
      }
      expect(seen.map((item) => item.nombre_completo), buscar).toEqual(
        Array.from({ length: MATCHES }, (_, i) => `Nombre${String(i).padStart(4, '0')} Aproxqw`),
      );
      expect(new Set(seen.map((item) => item.id_usuario)).size, buscar).toBe(MATCHES);
    }

    // Below the limit the total stays exact, with no approximate header.
    const few = await server.request<PatientItem[]>('GET', '/api/pacientes?buscar=nombre000', { token: admin.token });
    expect(few.headers.get('x-total-count')).toBe('10');
    expect(few.headers.get('x-total-count-approximate')).toBeNull();
  });

  it('lists the names that start with the search first, then the rest, each in name order, on every page', async () => {
    const admin = await server.createUser('admin');
    // 110 patients whose surname holds the search (their names sort first: "Abel"), 60 whose first
    // name starts with it: 170 matches, past the count limit, so page 1 comes from the index walk.
    await insertNamesakes(server, 'Prefqz', 110, (i) => `Abel${String(i).padStart(4, '0')}`);
    await insertNamesakes(server, 'Otro', 60, (i) => `Prefqzito${String(i).padStart(4, '0')}`);
    const starting = Array.from({ length: 60 }, (_, i) => `Prefqzito${String(i).padStart(4, '0')} Otro`);
    const containing = Array.from({ length: 110 }, (_, i) => `Abel${String(i).padStart(4, '0')} Prefqz`);
    const names = async (query: string) => {
      const response = await server.request<PatientItem[]>('GET', `/api/pacientes?buscar=prefqz&${query}`, { token: admin.token });
      expect(response.status, query).toBe(200);
      return response.body.map((item) => item.nombre_completo);
    };
    expect(await names('pagina=1')).toEqual(starting.slice(0, 50));
    // The page where the names that start with it end and the others begin.
    expect(await names('pagina=2')).toEqual([...starting.slice(50), ...containing.slice(0, 40)]);
    expect(await names('pagina=4')).toEqual(containing.slice(90));
    // One page of 200 counts every match exactly (on SQLite it starts from the trigram matches): same order.
    expect(await names('pagina=1&por_pagina=200')).toEqual([...starting, ...containing]);
    const few = await server.request<PatientItem[]>('GET', '/api/pacientes?buscar=prefqzito000', { token: admin.token });
    expect(few.body.map((item) => item.nombre_completo)).toEqual(starting.slice(0, 10));
  });
});
