import { describe, expect, it } from 'vitest';
import { CLINICA_POR_DEFECTO, clinicAddress, MAX_LOGO_BYTES, type Clinica } from '../../../contracts/clinic.ts';
import { multipartFile, PDF_BYTES, PNG_BYTES } from '../../testing/security/world.ts';
import { openSlots } from '../../testing/appointments.ts';
import { outboxMailsTo } from '../../testing/mail.ts';
import { pdfText } from '../../testing/patients.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

const START = '2026-03-02T08:00:00Z';

const NEW_IDENTITY = {
  ...CLINICA_POR_DEFECTO,
  nombre: 'Clínica Serra de Tramuntana',
  razon_social: 'Serra Salut, S.L.',
  direccion: 'Carrer de Sant Miquel 12',
  codigo_postal: '07002',
  localidad: 'Palma',
  telefono: '+34 971 555 123',
  correo: 'hola@serra.example.com',
  web: 'https://serra.example.com',
  horario: 'Lunes a viernes: 9:00-18:00',
};

const upload = (server: TestServer, token: string, filename: string, bytes: Buffer) => {
  const { payload, contentType } = multipartFile(filename, bytes);
  return server.app.inject({ method: 'POST', url: '/api/clinica/logo', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
};

async function book(server: TestServer, patient: TestUser, doctor: TestUser, hora: string) {
  await openSlots(server, doctor.id_doctor as number, '2026-03-13', [hora]);
  const response = await server.request<{ id_cita: number }>('POST', '/api/citas', {
    token: patient.token,
    body: { id_doctor: doctor.id_doctor, fecha: '2026-03-13', hora, motivo: 'Revisión', recordatorio: false },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id_cita;
}

describe.each(DATABASES)('the clinic configured once on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0' } });

  it('starts with the configured defaults, public and cacheable, with no .local address', async () => {
    const response = await server.request<Clinica>('GET', '/api/clinica');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...CLINICA_POR_DEFECTO, logo_url: null });
    expect(JSON.stringify(response.body)).not.toMatch(/\.local\b/);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const etag = response.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await server.app.inject({ method: 'GET', url: '/api/clinica', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // A stale token does not turn the public read into a 401.
    expect((await server.request('GET', '/api/clinica', { token: 'not-a-token' })).status).toBe(200);
  });

  it('lets only an admin change it, with the exact messages for bad values', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    expect((await server.request('PUT', '/api/clinica', { body: NEW_IDENTITY })).status).toBe(401);
    expect((await server.request('PUT', '/api/clinica', { token: doctor.token, body: NEW_IDENTITY })).status).toBe(403);

    const bad = await server.request<{ code: string; errores: { campo: string; mensaje: string }[] }>('PUT', '/api/clinica', {
      token: admin.token,
      body: { ...NEW_IDENTITY, nombre: ' ', telefono: '12', correo: 'no', web: 'no es web' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errores).toEqual(
      expect.arrayContaining([
        { campo: 'nombre', mensaje: 'El nombre de la clínica es obligatorio.' },
        { campo: 'telefono', mensaje: 'El teléfono no es válido (al menos 9 dígitos).' },
        { campo: 'correo', mensaje: 'Debe ser un correo electrónico válido' },
        { campo: 'web', mensaje: 'La web no es válida (por ejemplo, www.example.es).' },
      ]),
    );
    const twoLines = await server.request('PUT', '/api/clinica', { token: admin.token, body: { ...NEW_IDENTITY, nombre: 'Una\nDos' } });
    expect(twoLines.status).toBe(400);

    const saved = await server.request<Clinica>('PUT', '/api/clinica', { token: admin.token, body: NEW_IDENTITY });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...NEW_IDENTITY, correo: 'hola@serra.example.com' });
    expect((await server.request<Clinica>('GET', '/api/clinica')).body.nombre).toBe('Clínica Serra de Tramuntana');
    const audit = await server.database.db.selectFrom('auditoria').select(['accion', 'id_usuario']).where('accion', '=', 'clinica.actualizar').execute();
    expect(audit).toEqual([{ accion: 'clinica.actualizar', id_usuario: admin.id_usuario }]);
    await server.request('PUT', '/api/clinica', { token: admin.token, body: CLINICA_POR_DEFECTO });
  });

  it('gives the contact page and the data-export PDF the same address and phone, and follows a change into e-mails and .ics files', async () => {
    server.clock.set(START);
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente', { nombre: 'Ana', apellido1: 'López' });
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });

    const pdfOf = async () => {
      const response = await fetch(`${server.url}/api/paciente/mis-datos.pdf`, { headers: { authorization: `Bearer ${patient.token}` } });
      expect(response.status).toBe(200);
      return pdfText(Buffer.from(await response.arrayBuffer()));
    };
    const before = (await server.request<Clinica>('GET', '/api/clinica')).body;
    const beforePdf = await pdfOf();
    expect(beforePdf).toContain(clinicAddress(before));
    expect(beforePdf).toContain(before.telefono);

    await server.request('PUT', '/api/clinica', { token: admin.token, body: NEW_IDENTITY });
    const after = (await server.request<Clinica>('GET', '/api/clinica')).body;
    const afterPdf = await pdfOf();
    expect(afterPdf).toContain('Carrer de Sant Miquel 12, 07002 Palma');
    expect(afterPdf).toContain('+34 971 555 123');
    expect(afterPdf).not.toContain(before.direccion);
    expect(clinicAddress(after)).toBe('Carrer de Sant Miquel 12, 07002 Palma');

    // The .ics of a visit is placed at the new address.
    const id_cita = await book(server, patient, doctor, '10:00');
    const ics = await server.request<string>('GET', `/api/citas/${id_cita}/ics`, { token: patient.token });
    expect(ics.body.replace(/\r\n /g, '')).toContain('LOCATION:Clínica Serra de Tramuntana\\, Carrer de Sant Miquel 12\\, 07002 Palma');
    expect(ics.body).toContain('@serra.example.com');

    // The doctor's notice of the request is signed by the new clinic.
    await server.app.mailer.settled();
    const [notice] = outboxMailsTo(server, doctor.correo);
    expect(notice?.text.replace(/\r\n/g, '\n')).toContain('Clínica Serra de Tramuntana\n+34 971 555 123 · hola@serra.example.com');
    expect(notice?.text).not.toContain(CLINICA_POR_DEFECTO.nombre);
    await server.request('PUT', '/api/clinica', { token: admin.token, body: CLINICA_POR_DEFECTO });
  });

  it('takes a PNG or JPEG logo up to 512 KB, recognised by its content, and serves it for good at a versioned address', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    expect((await upload(server, patient.token, 'logo.png', PNG_BYTES)).statusCode).toBe(403);

    const pdfAsPng = await upload(server, admin.token, 'logo.png', PDF_BYTES);
    expect(pdfAsPng.statusCode).toBe(400);
    expect(pdfAsPng.json()).toEqual({ code: 'logo_tipo_no_permitido', detail: 'El logotipo debe ser una imagen PNG o JPEG.' });
    const huge = await upload(server, admin.token, 'logo.png', Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_LOGO_BYTES)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'logo_demasiado_grande' });

    const saved = await upload(server, admin.token, 'logo.txt', PNG_BYTES);
    expect(saved.statusCode).toBe(200);
    const logoUrl = saved.json<Clinica>().logo_url ?? '';
    expect(logoUrl).toMatch(/^\/api\/clinica\/logo\?v=[0-9a-f]{16}$/);
    const image = await server.app.inject({ method: 'GET', url: logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);

    // The PDF letterhead carries it (an image XObject).
    const response = await fetch(`${server.url}/api/paciente/mis-datos.pdf`, { headers: { authorization: `Bearer ${patient.token}` } });
    expect(Buffer.from(await response.arrayBuffer()).toString('latin1')).toContain('/Subtype /Image');

    const removed = await server.app.inject({ method: 'DELETE', url: '/api/clinica/logo', headers: { authorization: `Bearer ${admin.token}` } });
    expect(removed.json<Clinica>().logo_url).toBeNull();
    expect((await server.app.inject({ method: 'GET', url: '/api/clinica/logo' })).statusCode).toBe(404);
  });
});
