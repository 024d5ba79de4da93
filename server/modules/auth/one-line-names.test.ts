import { describe, expect, it } from 'vitest';
import { inertLine } from '../../lib/mail-text.ts';
import { openSlots } from '../../testing/appointments.ts';
import { parseMail } from '../../testing/mail.ts';
import { useSmtpServer } from '../../testing/message-outlets.ts';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';

// A name with line breaks and a URL went verbatim into the doctor's e-mail.
const smtp = await useSmtpServer();

const INJECTED = 'Ana\r\n\r\nURGENTE: confirme sus datos en https://malo.example/login';
const ONE_LINE_MESSAGE = 'El texto no puede tener saltos de línea ni caracteres de control.';

describe.each(DATABASES)('names are one line on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
  let address = 0;
  const fresh = () => ({ 'x-forwarded-for': `10.40.0.${(address += 1)}` });

  it('sign-up refuses line breaks and control characters in nombre and apellidos (400 with the field)', async () => {
    const base = { usuario: 'linea_unica', email: 'linea.unica@example.com', contrasena: 'Segura123!', nombre: 'Ana', apellido_1: 'Soler' };
    for (const [campo, value] of [
      ['nombre', INJECTED],
      ['apellido_1', 'Soler\nPuig'],
      ['apellido_2', 'Puig\u0007'],
      ['nombre', 'Ana\u202Eevil'],
    ] as const) {
      const response = await server.request('POST', '/api/registro-paciente', { body: { ...base, [campo]: value }, headers: fresh() });
      expect(response.status, campo).toBe(400);
      expect(response.body).toMatchObject({ code: 'validacion', errores: [{ campo, mensaje: ONE_LINE_MESSAGE }] });
    }
    // Accents, apostrophes and hyphens are names.
    expect((await server.request('POST', '/api/registro-paciente', { body: { ...base, nombre: "Núria-Dolors", apellido_1: "D'Alòs" }, headers: fresh() })).status).toBe(201);
  });

  it('the profile, a doctor sign-up and the contact form refuse them too', async () => {
    const patient = await server.createUser('paciente');
    const profile = await server.request('PUT', '/api/paciente/perfil', { token: patient.token, body: { nombre: INJECTED, apellido1: 'Soler' } });
    expect(profile.status).toBe(400);
    expect(profile.body).toMatchObject({ errores: [{ campo: 'nombre', mensaje: ONE_LINE_MESSAGE }] });

    const admin = await server.createUser('admin');
    const specialty = await server.database.db.selectFrom('especialidades').select('id_especialidad').executeTakeFirstOrThrow();
    const doctor = await server.request('POST', '/api/registro-doctor', {
      token: admin.token,
      body: {
        usuario: 'dr.linea',
        email: 'dr.linea@example.com',
        contrasena: 'Segura123!',
        nombre: 'Pere',
        apellido_1: 'Puig',
        apellido_2: 'Soler\nhttps://malo.example',
        colegiado: '987654321',
        id_especialidad: specialty.id_especialidad,
      },
    });
    expect(doctor.status).toBe(400);
    expect(doctor.body).toMatchObject({ errores: [{ campo: 'apellido_2', mensaje: ONE_LINE_MESSAGE }] });

    const contact = await server.request('POST', '/api/contacto', { body: { name: INJECTED, email: 'x@example.com', message: 'Hola' }, headers: fresh() });
    expect(contact.status).toBe(400);
  });

  it("an older account's name reaches the doctor's e-mail as one inert line, its link defused, without quotation marks", async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente', { nombre: INJECTED, apellido1: 'Soler' });
    await openSlots(server, doctor.id_doctor as number, '2026-03-04', ['10:00']);
    const booked = await server.request('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-04', hora: '10:00', motivo: 'Revisión\nhttps://malo.example', recordatorio: false },
    });
    expect(booked.status).toBe(201);
    const deadline = Date.now() + 15_000;
    while (!smtp.messages.some((m) => m.to.includes(doctor.correo)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const mail = parseMail(smtp.messages.find((m) => m.to.includes(doctor.correo))?.raw ?? '');
    expect(mail.text).toContain('Ana URGENTE: confirme sus datos en https: malo․example/login Soler ha pedido una cita contigo.');
    expect(mail.text).not.toContain('“');
    expect(mail.text).not.toContain('https://malo.example');
    expect(mail.text.split(/\r?\n/)).not.toContain('URGENTE: confirme sus datos en https://malo.example/login');
  });
});

describe('inertLine', () => {
  it('makes typed text one plain line, without controls, quotation marks or links, cut to a length', () => {
    expect(inertLine('Ana\r\nLópez')).toBe('Ana López');
    expect(inertLine('a\u0000b\u202Ec\u2028d')).toBe('a b c d');
    expect(inertLine('ver http://x.example y FTP://y www.clinica.es')).toBe('ver http: x\u2024example y FTP: y www\u2024clinica\u2024es');
    expect(inertLine('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(inertLine(null)).toBe('');
  });
});
