import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Archivo } from '../../../contracts/files.ts';
import { addAppointment, addConsultation } from '../../testing/patients.ts';
import { DATABASES, useTestServer, type TestServer } from '../../testing/test-server.ts';
import { attachmentDisposition, attachmentName, detectFileType } from '../../lib/file-type.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% informe\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
/** A real 1x1 PNG: the detection library reads its chunks, not only its signature. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 2)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(500, 3)]);
const MB = 1024 * 1024;

async function upload(server: TestServer, pathname: string, token: string | undefined, bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append('archivo', new Blob([new Uint8Array(bytes)]), filename);
  const response = await fetch(server.url + pathname, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Archivo & { detail: string; code: string } };
}

async function download(server: TestServer, url: string, token: string) {
  const response = await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('file type and name rules', () => {
  it('recognises PDF, PNG and JPEG by their content, not by a header found somewhere in it', async () => {
    expect(await detectFileType(PDF)).toBe('application/pdf');
    expect(await detectFileType(PNG)).toBe('image/png');
    expect(await detectFileType(JPEG)).toBe('image/jpeg');
    expect(await detectFileType(EXE)).toBeUndefined();
    expect(await detectFileType(Buffer.from('hola'))).toBeUndefined();
    // A PNG signature followed by garbage is not a PNG; %PDF- later in the first KB is not a PDF.
    expect(await detectFileType(Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(500, 1)]))).toBeUndefined();
    expect(await detectFileType(Buffer.concat([Buffer.alloc(100, 0x20), PDF]))).toBeUndefined();
    expect(await detectFileType(Buffer.from('<html><body onload="alert(1)">%PDF-1.4</body></html>'))).toBeUndefined();
  });

  it('names the file after its content and never keeps a path', () => {
    expect(attachmentName('informe.pdf', 'application/pdf')).toBe('informe.pdf');
    expect(attachmentName('foto.JPEG', 'image/jpeg')).toBe('foto.JPEG');
    expect(attachmentName('escaneo.pdf', 'image/png')).toBe('escaneo.png');
    expect(attachmentName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(attachmentName('C:\\Users\\ana\\análisis.pdf', 'application/pdf')).toBe('análisis.pdf');
    expect(attachmentName('', 'image/png')).toBe('archivo.png');
    // A right-to-left override would show 'informe\u202Egnp.pdf' as 'informefdp.png'; control characters go too.
    expect(attachmentName('informe\u202Egnp.pdf', 'application/pdf')).toBe('informegnp.pdf');
    expect(attachmentName('ana\u200B\u0007lisis\r\n.png', 'image/png')).toBe('analisis.png');
    expect(attachmentDisposition('análisis "1".pdf')).toBe(
      `attachment; filename="analisis 1.pdf"; filename*=UTF-8''an%C3%A1lisis%20%221%22.pdf`,
    );
  });
});

describe.each(DATABASES)('attachments on %s', (kind) => {
  const server = useTestServer(kind);

  it('needs a token and a role that may use attachments', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    expect((await server.request('GET', '/api/paciente/archivos')).status).toBe(401);
    expect((await upload(server, '/api/paciente/archivos', undefined, PDF, 'a.pdf')).status).toBe(401);
    expect((await server.request('GET', '/api/archivos/1')).status).toBe(401);
    expect((await server.request('GET', '/api/paciente/archivos', { token: admin.token })).status).toBe(403);
    expect((await server.request('GET', '/api/paciente/archivos', { token: doctor.token })).status).toBe(403);
    expect((await upload(server, '/api/paciente/archivos', doctor.token, PDF, 'a.pdf')).status).toBe(403);
    expect((await server.request('GET', '/api/archivos/1', { token: admin.token })).status).toBe(403);
    expect((await server.request('GET', '/api/archivos?id_paciente=1', { token: admin.token })).status).toBe(403);
  });

  it('stores an upload under the attachments folder, lists it and lets its patient download it', async () => {
    const patient = await server.createUser('paciente');
    const created = await upload(server, '/api/paciente/archivos', patient.token, PDF, 'análisis de sangre.pdf');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id_archivo: expect.any(Number),
      nombre: 'análisis de sangre.pdf',
      tipo: 'application/pdf',
      tamano: PDF.length,
      fecha_subida: '2026-03-02T08:00:00.000Z',
      url: `/api/archivos/${created.body.id_archivo}`,
    });
    const row = await server.database.db
      .selectFrom('archivos')
      .selectAll()
      .where('id_archivo', '=', created.body.id_archivo)
      .executeTakeFirstOrThrow();
    const stored = path.join(server.config.dataDir, 'adjuntos', row.ruta);
    expect(fs.readFileSync(stored).equals(PDF)).toBe(true);
    expect(row.ruta.startsWith(`${patient.id_paciente}${path.sep}`)).toBe(true);

    const list = await server.request<Archivo[]>('GET', '/api/paciente/archivos', { token: patient.token });
    expect(list.body).toEqual([created.body]);
    // The file's section of the record shows it too.
    const ficha = await server.request<{ archivos: Archivo[] }>('GET', '/api/paciente/ficha', { token: patient.token });
    expect(ficha.body.archivos).toEqual([created.body]);

    const file = await download(server, created.body.url, patient.token);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(PDF)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="analisis de sangre.pdf"; filename*=UTF-8''an%C3%A1lisis%20de%20sangre.pdf`,
    );
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');

    const audit = await server.database.db
      .selectFrom('auditoria')
      .select(['accion', 'id_paciente', 'detalle'])
      .where('id_usuario', '=', patient.id_usuario)
      .execute();
    expect(audit.map((a) => a.accion)).toEqual(expect.arrayContaining(['archivo.subir', 'archivo.listar', 'archivo.descargar']));
  });

  it("keeps another patient's attachment out of reach (403, decisions #4) and out of their list", async () => {
    const owner = await server.createUser('paciente');
    const other = await server.createUser('paciente');
    const created = await upload(server, '/api/paciente/archivos', owner.token, PDF, 'privado.pdf');
    expect((await download(server, created.body.url, other.token)).status).toBe(403);
    expect((await server.request('GET', '/api/paciente/archivos', { token: other.token })).body).toEqual([]);
    const removal = await server.request('DELETE', created.body.url, { token: other.token });
    expect(removal.status).toBe(403);
    expect(removal.body).toMatchObject({ code: 'sin_permiso' });
    expect((await download(server, '/api/archivos/999999', owner.token)).status).toBe(404);
    const bad = await server.request<{ detail: string }>('GET', '/api/archivos/abc', { token: owner.token });
    expect(bad.status).toBe(400);
  });

  it('lets a doctor with an appointment or a consultation read and add attachments; others get 403', async () => {
    const patient = await server.createUser('paciente');
    const withConsultation = await server.createUser('doctor');
    const withAppointment = await server.createUser('doctor');
    const withCancelled = await server.createUser('doctor');
    const stranger = await server.createUser('doctor');
    await addConsultation(server, { id_paciente: patient.id_paciente!, id_doctor: withConsultation.id_doctor!, fecha: '2026-02-01' });
    await addAppointment(server, { id_paciente: patient.id_paciente!, id_doctor: withAppointment.id_doctor!, fecha: '2026-03-10', hora: '10:00' });
    await addAppointment(server, {
      id_paciente: patient.id_paciente!,
      id_doctor: withCancelled.id_doctor!,
      fecha: '2026-03-11',
      hora: '10:00',
      estado: 'Cancelada',
    });
    const created = await upload(server, '/api/paciente/archivos', patient.token, PNG, 'radiografia.png');
    expect(created.status).toBe(201);

    for (const doctor of [withConsultation, withAppointment]) {
      const file = await download(server, created.body.url, doctor.token);
      expect(file.status).toBe(200);
      expect(file.bytes.equals(PNG)).toBe(true);
      const list = await server.request<Archivo[]>('GET', `/api/archivos?id_paciente=${patient.id_paciente}`, { token: doctor.token });
      expect(list.status).toBe(200);
      expect(list.body.map((a) => a.id_archivo)).toContain(created.body.id_archivo);
    }
    for (const doctor of [withCancelled, stranger]) {
      const refused = await server.request<{ detail: string }>('GET', created.body.url, { token: doctor.token });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe('Solo puedes acceder a los datos de tus pacientes.');
      expect((await server.request('GET', `/api/archivos?id_paciente=${patient.id_paciente}`, { token: doctor.token })).status).toBe(403);
      expect((await upload(server, `/api/archivos?id_paciente=${patient.id_paciente}`, doctor.token, PDF, 'x.pdf')).status).toBe(403);
    }
    expect((await server.request('GET', '/api/archivos', { token: withConsultation.token })).status).toBe(400);

    const byDoctor = await upload(server, `/api/archivos?id_paciente=${patient.id_paciente}`, withConsultation.token, PDF, 'informe.pdf');
    expect(byDoctor.status).toBe(201);
    const mine = await server.request<Archivo[]>('GET', '/api/paciente/archivos', { token: patient.token });
    expect(mine.body.map((a) => a.nombre).sort()).toEqual(['informe.pdf', 'radiografia.png']);

    // Only whoever uploaded a file removes it.
    expect((await server.request('DELETE', created.body.url, { token: withConsultation.token })).status).toBe(403);
    expect((await server.request('DELETE', byDoctor.body.url, { token: patient.token })).status).toBe(403);
    expect((await server.request('DELETE', created.body.url, { token: patient.token })).status).toBe(204);
    expect((await download(server, created.body.url, patient.token)).status).toBe(404);
  });

  it('refuses files over 10 MB with a clear message and stores nothing', async () => {
    const patient = await server.createUser('paciente');
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(11 * MB, 0x20)]);
    const refused = await upload(server, '/api/paciente/archivos', patient.token, big, 'grande.pdf');
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ code: 'archivo_demasiado_grande', detail: 'El archivo supera el tamaño máximo de 10 MB.' });
    const exact = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(10 * MB - 9, 0x20)]);
    const accepted = await upload(server, '/api/paciente/archivos', patient.token, exact, 'justo.pdf');
    expect(accepted.status).toBe(201);
    expect(accepted.body.tamano).toBe(10 * MB);
    const rows = await server.database.db.selectFrom('archivos').select('nombre').where('id_paciente', '=', patient.id_paciente!).execute();
    expect(rows.map((r) => r.nombre)).toEqual(['justo.pdf']);
    const folder = path.join(server.config.dataDir, 'adjuntos', String(patient.id_paciente));
    expect(fs.readdirSync(folder)).toHaveLength(1);
  });

  it('decides the type by the content, not the name', async () => {
    const patient = await server.createUser('paciente');
    const png = await upload(server, '/api/paciente/archivos', patient.token, PNG, 'escaneo.pdf');
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ tipo: 'image/png', nombre: 'escaneo.png' });
    expect((await download(server, png.body.url, patient.token)).headers.get('content-type')).toBe('image/png');

    const jpeg = await upload(server, '/api/paciente/archivos', patient.token, JPEG, 'foto.txt');
    expect(jpeg.body).toMatchObject({ tipo: 'image/jpeg', nombre: 'foto.jpg' });

    for (const [bytes, name] of [
      [EXE, 'informe.pdf'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'pagina.png'],
      // %PDF- within the first kilobyte but not at the start: once taken for a PDF.
      [Buffer.concat([Buffer.from('<html><script>alert(1)</script>\n'), PDF]), 'informe.pdf'],
    ] as const) {
      const refused = await upload(server, '/api/paciente/archivos', patient.token, bytes, name);
      expect(refused.status, name).toBe(400);
      expect(refused.body).toEqual({ code: 'archivo_tipo_no_permitido', detail: 'Solo se admiten archivos PDF, JPEG o PNG.' });
    }
    const list = await server.request<Archivo[]>('GET', '/api/paciente/archivos', { token: patient.token });
    expect(list.body).toHaveLength(2);
  });

  it('asks for a file when the request carries none', async () => {
    const patient = await server.createUser('paciente');
    const json = await server.request<{ code: string; detail: string }>('POST', '/api/paciente/archivos', { token: patient.token, body: {} });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ code: 'archivo_requerido', detail: 'Adjunta un archivo.' });
    const form = new FormData();
    form.append('nota', 'sin archivo');
    const empty = await fetch(`${server.url}/api/paciente/archivos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${patient.token}` },
      body: form,
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe('archivo_requerido');
    const zero = await upload(server, '/api/paciente/archivos', patient.token, Buffer.alloc(0), 'vacio.pdf');
    expect(zero.status).toBe(400);
    expect(zero.body.code).toBe('archivo_requerido');
  });
});

describe.each(DATABASES)('attachment quotas on %s (issue 12, finding 4)', (kind) => {
  const server = useTestServer(kind, { env: { ATTACHMENTS_MAX_MB_PER_PATIENT: '1', UPLOADS_MAX_PER_HOUR: '4' } });
  const pdfOf = (bytes: number) => Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(bytes - 9, 0x20)]);

  it("keeps a patient's attachments within their storage quota, whoever uploads, with a clear 413", async () => {
    const patient = await server.createUser('paciente');
    expect((await upload(server, '/api/paciente/archivos', patient.token, pdfOf(600 * 1024), 'uno.pdf')).status).toBe(201);
    const refused = await upload(server, '/api/paciente/archivos', patient.token, pdfOf(500 * 1024), 'dos.pdf');
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      code: 'cuota_adjuntos',
      detail: 'No queda espacio para adjuntos en este historial (máximo 1 MB). Elimina algún archivo antes de subir otro.',
    });
    // Nothing of the refused file is kept.
    const folder = path.join(server.config.dataDir, 'adjuntos', String(patient.id_paciente));
    expect(fs.readdirSync(folder)).toHaveLength(1);

    // A doctor's upload counts against the same patient's quota.
    const doctor = await server.createUser('doctor');
    await addConsultation(server, { id_paciente: patient.id_paciente!, id_doctor: doctor.id_doctor!, fecha: '2026-02-01' });
    const byDoctor = await upload(server, `/api/archivos?id_paciente=${patient.id_paciente}`, doctor.token, pdfOf(500 * 1024), 'informe.pdf');
    expect(byDoctor.status).toBe(413);
    expect(byDoctor.body.code).toBe('cuota_adjuntos');

    // What still fits is accepted; another patient has their own quota.
    expect((await upload(server, '/api/paciente/archivos', patient.token, pdfOf(400 * 1024), 'cabe.pdf')).status).toBe(201);
    const other = await server.createUser('paciente');
    expect((await upload(server, '/api/paciente/archivos', other.token, pdfOf(900 * 1024), 'otro.pdf')).status).toBe(201);
  });

  it('lets two uploads at once not pass the quota together', async () => {
    const patient = await server.createUser('paciente');
    const results = await Promise.all([
      upload(server, '/api/paciente/archivos', patient.token, pdfOf(700 * 1024), 'a.pdf'),
      upload(server, '/api/paciente/archivos', patient.token, pdfOf(700 * 1024), 'b.pdf'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 413]);
  });

  it('limits the uploads one user makes in an hour, with Retry-After and a clear 429, in their language', async () => {
    const patient = await server.createUser('paciente');
    for (let i = 0; i < 4; i += 1) {
      expect((await upload(server, '/api/paciente/archivos', patient.token, PNG, `foto${i}.png`)).status).toBe(201);
    }
    const form = new FormData();
    form.append('archivo', new Blob([new Uint8Array(PNG)]), 'otra.png');
    const refused = await fetch(`${server.url}/api/paciente/archivos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${patient.token}`, 'accept-language': 'en' },
      body: form,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await refused.json()).toEqual({ code: 'demasiadas_subidas', detail: 'You have uploaded too many files in the last hour. Try again later.' });
    // Reading and other users are not affected.
    expect((await server.request('GET', '/api/paciente/archivos', { token: patient.token })).status).toBe(200);
    const other = await server.createUser('paciente');
    expect((await upload(server, '/api/paciente/archivos', other.token, PNG, 'foto.png')).status).toBe(201);
  });
});
