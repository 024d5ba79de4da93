import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/test-server.ts';
import { operationIdOf } from './openapi.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  description?: string;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('the OpenAPI document (issue 12, finding 7)', () => {
  const server = useTestServer('sqlite');

  const operations = async () => {
    const response = await server.request<Document>('GET', '/api/docs');
    expect(response.status).toBe(200);
    return Object.entries(response.body.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );
  };

  it('gives every operation an operationId, its security (bearer or none) and the roles that may call it', async () => {
    const listed = await operations();
    expect(listed.length).toBeGreaterThan(50);
    // Every /api route the server declares is in the document, with the access it declares.
    const routes = server.app.apiRoutes.filter((route) => route.url !== '/api/docs');
    const toOpenApi = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    for (const route of routes) {
      const entry = listed.find((candidate) => candidate.key === `${route.method} ${toOpenApi(route.url)}`);
      expect(entry, `${route.method} ${route.url}`).toBeDefined();
      const { operation } = entry!;
      if (route.access === 'public') {
        expect(operation.security, route.url).toEqual([]);
        expect(operation.description, route.url).toContain('Access: public');
      } else {
        expect(operation.security, route.url).toEqual([{ bearer: [] }]);
        expect(operation.description, route.url).toContain(
          `Access: bearer token of the roles ${route.access.join(', ')}.`,
        );
      }
    }
    const ids = listed.map((entry) => entry.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('GET', '/api/archivos/:id_archivo')).toBe('getArchivosByIdArchivo');
  });

  it("says that a body's unknown field is refused, as the validator does", async () => {
    const response = await server.request<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>> }>('GET', '/api/docs');
    const bodyOf = (path: string, method: string) => response.body.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    expect(bodyOf('/api/login', 'post')).toMatchObject({ additionalProperties: false, required: ['usuario', 'contrasena'] });
    expect(bodyOf('/api/agenda/citas/{id_cita}', 'put')).toMatchObject({ additionalProperties: false });
    // Each item of a list the body holds as well (a week's ranges, a chat's turns).
    expect(bodyOf('/api/agenda/horario', 'put')).toMatchObject({ properties: { franjas: { items: { additionalProperties: false } } } });
    expect(bodyOf('/api/chat/completions', 'post')).toMatchObject({ properties: { messages: { items: { additionalProperties: false } } } });
    const refused = await server.request<{ errores: { campo: string }[] }>('POST', '/api/login', {
      body: { usuario: 'ana.lopez', contrasena: 'x', recordar: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errores).toEqual([{ campo: 'recordar', mensaje: 'Este campo no existe: revisa su nombre.' }]);
  });

  it('says what goes on the wire: uploads as multipart, no content on a 204, JSON refusals of downloads, text metrics, paging and Retry-After headers', async () => {
    interface Media { schema?: Record<string, unknown> }
    interface Response { content?: Record<string, Media>; headers?: Record<string, unknown> }
    interface Op { requestBody?: { content: Record<string, Media> }; parameters?: { name: string; in: string; required?: boolean }[]; responses: Record<string, Response> }
    const document = (await server.request<{ paths: Record<string, Record<string, Op>> }>('GET', '/api/docs')).body;
    const op = (path: string, method: string) => document.paths[path]![method]!;
    for (const path of ['/api/archivos', '/api/paciente/archivos', '/api/clinica/logo']) {
      expect(op(path, 'post').requestBody?.content['multipart/form-data']?.schema, path).toMatchObject({
        properties: { archivo: { type: 'string', format: 'binary' } },
        required: ['archivo'],
      });
    }
    expect(op('/api/archivos', 'post').parameters).toContainEqual(expect.objectContaining({ name: 'id_paciente', in: 'query', required: true }));
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (operation.responses['204']) expect(operation.responses['204'].content, where).toBeUndefined();
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) >= 400) expect(Object.keys(response.content ?? {}), `${where} ${status}`).toEqual(['application/json']);
          if (status === '429') expect(Object.keys(response.headers ?? {}), where).toEqual(['Retry-After']);
        }
        if (operation.parameters?.some((parameter) => parameter.name === 'pagina')) {
          expect(Object.keys(operation.responses['200']?.headers ?? {}), where).toEqual(expect.arrayContaining(['X-Total-Count', 'Link']));
        }
      }
    }
    expect(Object.keys(op('/api/paciente/historial.pdf', 'get').responses['200']!.content!)).toEqual(['application/pdf']);
    expect(Object.keys(op('/api/citas/{id_cita}/ics', 'get').responses['200']!.content!)).toEqual(['text/calendar']);
    expect(Object.keys(op('/api/metrics', 'get').responses['200']!.content!)).toEqual(['text/plain']);
    expect(Object.keys(op('/api/pacientes', 'get').responses['200']!.headers!)).toEqual(['X-Total-Count', 'X-Total-Count-Approximate', 'Link']);
  });
});
