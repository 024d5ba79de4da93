import { afterAll, describe, expect, it } from 'vitest';
import { quotedLine } from '../../lib/mail-text.ts';
import { openSlots } from '../../testing/appointments.ts';
import { parseMail, startSmtpServer } from '../../testing/mail.ts';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';

// A name with line breaks and a URL went verbatim into the doctor's e-mail.
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

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

  it("an older account's name reaches the doctor's e-mail as one quoted line, its link defused", async () => {
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
    expect(mail.text).toContain('“Ana URGENTE: confirme sus datos en https: malo\u2024example/login Soler” ha pedido una cita contigo.');
    expect(mail.text).not.toContain('https://malo.example');
    expect(mail.text.split(/\r?\n/)).not.toContain('URGENTE: confirme sus datos en https://malo.example/login');
  });
});

describe.each(DATABASES)("bare web addresses in a patient's name, in the doctor's e-mails, on %s", (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url } });

  it('reach the doctor as plain text, in the notice of a request and of its move', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente', { nombre: 'Ana www.example.com', apellido1: 'example.com/x' });
    await openSlots(server, doctor.id_doctor as number, '2026-03-05', ['10:00', '11:00']);
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-05', hora: '10:00', motivo: 'Control', recordatorio: false },
    });
    expect(booked.status).toBe(201);
    const moved = await server.request('PUT', `/api/citas/${booked.body.id_cita}/cambiar`, { token: patient.token, body: { fecha: '2026-03-05', hora: '11:00' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const toDoctor = async (subject: RegExp) => {
      const deadline = Date.now() + 15_000;
      const find = () => smtp.messages.map((m) => ({ m, mail: parseMail(m.raw) })).find(({ m, mail }) => m.to.includes(doctor.correo) && subject.test(mail.subject));
      while (!find() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const found = find();
      expect(found, String(subject)).toBeDefined();
      return found!;
    };
    for (const subject of [/solicitud/i, /cambiada de hora/i]) {
      const { m, mail } = await toDoctor(subject);
      expect(mail.text).toContain('“Ana www\u2024example\u2024com example\u2024com/x”');
      // Nowhere in the message, headers and every part (there is no HTML part to link it either).
      expect(m.raw).not.toMatch(/www\.example\.com|example\.com\/x/);
      expect(m.raw).not.toMatch(/text\/html/i);
    }
  });
});

describe('quotedLine', () => {
  it('makes typed text one quoted line, without controls or links, cut to a length', () => {
    expect(quotedLine('Ana\r\nLópez')).toBe('“Ana López”');
    expect(quotedLine('a\u0000b\u202Ec\u2028d')).toBe('“a b c d”');
    expect(quotedLine('ver http://x.example y FTP://y')).toBe('“ver http: x\u2024example y FTP: y”');
    // Bare addresses that mail clients link by themselves lose their dots too.
    expect(quotedLine('www.example.com example.com/x')).toBe('“www\u2024example\u2024com example\u2024com/x”');
    expect(quotedLine('x'.repeat(300), 10)).toBe(`“${'x'.repeat(9)}…”`);
    expect(quotedLine(null)).toBe('“”');
  });
});
