import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { doctorPayload, specialtyId } from '../admin.ts';
import { parseMail } from '../mail.ts';
import { useSmtpServer } from '../message-outlets.ts';
import { DATABASES, TEST_PASSWORD, useTestServer } from '../test-server.ts';

const smtp = await useSmtpServer();

/** Passwords that meet the character rules but are common, or a common word with digits and symbols around it. */
const COMMON = ['Password1!', 'Sunshine1!', 'Admin1234!', 'Qwerty123!', '1234Dragon!', 'Iloveyou1!'];
const LONGEST = `Aa1!${'x'.repeat(124)}`;
const COMMON_DETAIL =
  'Es una contraseña demasiado común (o una palabra común con números o símbolos añadidos): elige otra más difícil de adivinar.';
const TOO_LONG_DETAIL = 'La contraseña no puede tener más de 128 caracteres.';

type Refusal = { code: string; errores?: { campo: string; mensaje: string }[] };

let address = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}` });

describe.each(DATABASES)(
  'the common-password blocklist on every path that sets a password, on %s (issue 12, finding 7)',
  (kind) => {
    const server = useTestServer(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://clinica.example', TRUST_PROXY: 'true' },
    });
    let sequence = 0;

    const expectRefused = (response: { status: number; body: unknown }, campo: string, mensaje: string) => {
      expect(response.status).toBe(400);
      expect((response.body as Refusal).code).toBe('validacion');
      expect((response.body as Refusal).errores).toContainEqual({ campo, mensaje });
    };

    it('patient registration refuses common passwords, with or without case and affixes, and a password over 128 characters', async () => {
      const register = (contrasena: string) => {
        sequence += 1;
        return server.request('POST', '/api/registro-paciente', {
          headers: fromNewAddress(),
          body: {
            usuario: `comun${sequence}`,
            email: `comun${sequence}@example.com`,
            contrasena,
            nombre: 'Ana',
            apellido_1: 'López',
          },
        });
      };
      for (const contrasena of COMMON) expectRefused(await register(contrasena), 'contrasena', COMMON_DETAIL);
      expectRefused(await register(`${LONGEST}y`), 'contrasena', TOO_LONG_DETAIL);
      expect((await register(LONGEST)).status).toBe(201);
      expect((await register('Girasol-Tranvia7!')).status).toBe(201);
    });

    it('doctor registration refuses a common password', async () => {
      const admin = await server.createUser('admin');
      const id = await specialtyId(server);
      const refused = await server.request('POST', '/api/registro-doctor', {
        token: admin.token,
        body: doctorPayload(`comun${kind}`, id, { contrasena: 'Password1!' }),
      });
      expectRefused(refused, 'contrasena', COMMON_DETAIL);
      const created = await server.request('POST', '/api/registro-doctor', {
        token: admin.token,
        body: doctorPayload(`fuerte${kind}`, id),
      });
      expect(created.status).toBe(201);
    });

    it('a password change refuses a common password', async () => {
      const user = await server.createUser('paciente');
      const refused = await server.request('PUT', '/api/auth/contrasena', {
        token: user.token,
        body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'Password1!' },
      });
      expectRefused(refused, 'contrasena_nueva', COMMON_DETAIL);
      const english = await server.request('PUT', '/api/auth/contrasena', {
        token: user.token,
        headers: { 'accept-language': 'en' },
        body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'Welcome2024!' },
      });
      expectRefused(
        english,
        'contrasena_nueva',
        'This password is too common (or a common word with digits or symbols added): choose one that is harder to guess.',
      );
    });

    it('a password reset refuses a common password', async () => {
      const user = await server.createUser('paciente');
      expect(
        (
          await server.request('POST', '/api/recuperar-contrasena', {
            body: { usuario: user.usuario },
            headers: fromNewAddress(),
          })
        ).status,
      ).toBe(202);
      const deadline = Date.now() + 10_000;
      while (!smtp.messages.some((message) => message.to.includes(user.correo))) {
        if (Date.now() > deadline) throw new Error('no reset e-mail');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const mail = parseMail(smtp.messages.find((message) => message.to.includes(user.correo))!.raw);
      const token = /restablecer-contrasena\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
      const refused = await server.request('POST', '/api/restablecer-contrasena', {
        headers: fromNewAddress(),
        body: { token, contrasena: 'Password1!' },
      });
      expectRefused(refused, 'contrasena', COMMON_DETAIL);
      const accepted = await server.request('POST', '/api/restablecer-contrasena', {
        headers: fromNewAddress(),
        body: { token, contrasena: 'Girasol-Tranvia7!' },
      });
      expect(accepted.status).toBe(204);
    });
  },
);

describe('npm run create-admin', () => {
  it('refuses a common password and takes a strong one', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-admin-'));
    const run = (password: string) =>
      spawnSync(process.execPath, ['scripts/create-admin.ts', '--usuario', 'jefa', '--email', 'jefa@clinica.es'], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
    try {
      const refused = run('Password1!');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(COMMON_DETAIL);
      const created = run('Girasol-Tranvia7!');
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
