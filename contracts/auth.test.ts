import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  contactoSchema,
  isStrongPassword,
  loginSchema,
  PASSWORD_RULES,
  registroPacienteFormSchema,
  registroPacienteSchema,
} from './auth.ts';
import { messages, validationMessage } from './messages/index.ts';

/** The message keys a parse reports, by field path ('' for the whole object). */
function issuesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

const validPatient = {
  usuario: 'lucia.ruiz',
  email: 'lucia.ruiz@example.com',
  contrasena: 'Segura123!',
  nombre: 'Lucía',
  apellido_1: 'Ruiz',
};
const validForm = { ...validPatient, confirmacion: 'Segura123!', apellido_2: '', terminos: true };

describe('the password checklist (spec section 5, decisions #7)', () => {
  const ruleOf = (key: string) => {
    const rule = PASSWORD_RULES.find((candidate) => candidate.key === key);
    if (!rule) throw new Error(`no rule ${key}`);
    return rule;
  };

  it('has the five rules of the registration screen, in order', () => {
    expect(PASSWORD_RULES.map((rule) => rule.key)).toEqual([
      'mayuscula',
      'minuscula',
      'digito',
      'especial',
      'longitud',
    ]);
  });

  it.each([
    ['mayuscula', 'aB', 'ab'],
    ['minuscula', 'Ab', 'AB'],
    ['digito', 'a1', 'ab'],
    ['longitud', '12345678', '1234567'],
  ])('%s: passes for %j, fails for %j', (key, passes, fails) => {
    expect(ruleOf(key).test(passes)).toBe(true);
    expect(ruleOf(key).test(fails)).toBe(false);
  });

  it('counts only !@#$%^&* as special characters', () => {
    for (const special of '!@#$%^&*') expect(ruleOf('especial').test(`a${special}`)).toBe(true);
    for (const other of ['-', '_', '.', '?', '(', ' ', 'ñ', '€'])
      expect(ruleOf('especial').test(`a${other}`)).toBe(false);
  });

  it('a strong password passes all five; missing any one fails', () => {
    expect(isStrongPassword('Segura123!')).toBe(true);
    for (const weak of ['segura123!', 'SEGURA123!', 'SeguraXYZ!', 'Segura1234', 'Seg12!a'])
      expect(isStrongPassword(weak)).toBe(false);
  });
});

describe('registroPacienteSchema (POST /api/registro-paciente)', () => {
  it('accepts the spec payload, lower-casing username and e-mail and trimming text', () => {
    const parsed = registroPacienteSchema.parse({
      ...validPatient,
      usuario: '  Lucia.Ruiz ',
      email: ' Lucia.Ruiz@Example.COM ',
      nombre: ' Lucía ',
      apellido_2: ' Gómez ',
    });
    expect(parsed).toEqual({ ...validPatient, apellido_2: 'Gómez' });
  });

  it('the second surname is optional: missing, empty or null', () => {
    for (const apellido_2 of [undefined, '', null]) {
      expect(registroPacienteSchema.parse({ ...validPatient, apellido_2 }).apellido_2).toBeUndefined();
    }
  });

  it('username: required, at least 3 characters, no spaces', () => {
    expect(issuesOf(registroPacienteSchema, { ...validPatient, usuario: undefined })).toEqual({
      usuario: ['usuario_requerido'],
    });
    expect(issuesOf(registroPacienteSchema, { ...validPatient, usuario: '' })).toEqual({
      usuario: ['usuario_requerido'],
    });
    expect(issuesOf(registroPacienteSchema, { ...validPatient, usuario: 'ab' })).toEqual({
      usuario: ['usuario_requerido'],
    });
    expect(issuesOf(registroPacienteSchema, { ...validPatient, usuario: '  ab  ' })).toEqual({
      usuario: ['usuario_requerido'],
    });
    expect(issuesOf(registroPacienteSchema, { ...validPatient, usuario: 'ana lopez' })).toEqual({
      usuario: ['usuario_sin_espacios'],
    });
    expect(registroPacienteSchema.safeParse({ ...validPatient, usuario: 'abc' }).success).toBe(true);
    expect(validationMessage('usuario_requerido')).toBe('Nombre de usuario requerido (mínimo 3 caracteres)');
  });

  it('username (decisions #28): 3-32 letters, digits, dot, hyphen, underscore; never an e-mail', () => {
    for (const usuario of ['ana.lopez', 'Dr-Puig_2', 'abc', 'a'.repeat(32)]) {
      expect(registroPacienteSchema.safeParse({ ...validPatient, usuario }).success, usuario).toBe(true);
    }
    expect(registroPacienteSchema.parse({ ...validPatient, usuario: 'Ana.Lopez' }).usuario).toBe('ana.lopez');
    for (const usuario of ['victima@example.com', 'ana+1', 'josé', 'ana/lopez', 'a<b>', 'ana\u0000x']) {
      expect(issuesOf(registroPacienteSchema, { ...validPatient, usuario }), usuario).toEqual({ usuario: ['usuario_caracteres'] });
    }
    expect(issuesOf(registroPacienteSchema, { ...validPatient, usuario: 'a'.repeat(33) })).toEqual({ usuario: ['usuario_largo'] });
  });

  it('e-mail: required and valid', () => {
    for (const email of [undefined, '', 'lucia', 'lucia@', '@example.com', 'lucia @example.com']) {
      expect(issuesOf(registroPacienteSchema, { ...validPatient, email })).toEqual({ email: ['correo_invalido'] });
    }
    expect(validationMessage('correo_invalido')).toBe('Debe ser un correo electrónico válido');
  });

  it('nombre and first surname are required, also when only blanks', () => {
    for (const blank of [undefined, '', '   ']) {
      expect(issuesOf(registroPacienteSchema, { ...validPatient, nombre: blank })).toEqual({
        nombre: ['nombre_requerido'],
      });
      expect(issuesOf(registroPacienteSchema, { ...validPatient, apellido_1: blank })).toEqual({
        apellido_1: ['apellido1_requerido'],
      });
    }
    expect(validationMessage('nombre_requerido')).toBe('Nombre requerido');
    expect(validationMessage('apellido1_requerido')).toBe('Primer apellido requerido');
  });

  it('the server enforces every password rule (decisions #7)', () => {
    expect(issuesOf(registroPacienteSchema, { ...validPatient, contrasena: '' })).toEqual({
      contrasena: ['contrasena_requerida', 'contrasena_debil'],
    });
    for (const weak of ['Corta1!', 'segura123!', 'SEGURA123!', 'SeguraXYZ!', 'Segura1234']) {
      expect(issuesOf(registroPacienteSchema, { ...validPatient, contrasena: weak }), weak).toEqual({
        contrasena: ['contrasena_debil'],
      });
    }
  });

  it('refuses over-long values', () => {
    expect(issuesOf(registroPacienteSchema, { ...validPatient, nombre: 'x'.repeat(101) })).toEqual({
      nombre: ['texto_largo'],
    });
    expect(issuesOf(registroPacienteSchema, { ...validPatient, usuario: 'x'.repeat(51) })).toEqual({
      usuario: ['usuario_largo'],
    });
    expect(issuesOf(registroPacienteSchema, { ...validPatient, contrasena: `Aa1!${'x'.repeat(125)}` })).toEqual({
      contrasena: ['contrasena_larga'],
    });
  });
});

describe('registroPacienteFormSchema (the /register form)', () => {
  it('accepts a complete form', () => {
    expect(registroPacienteFormSchema.safeParse(validForm).success).toBe(true);
  });

  it('both passwords are required and must be equal; the mismatch is shown on the confirmation', () => {
    expect(issuesOf(registroPacienteFormSchema, { ...validForm, confirmacion: '' })).toEqual({
      confirmacion: ['contrasena_requerida', 'contrasenas_no_coinciden'],
    });
    expect(issuesOf(registroPacienteFormSchema, { ...validForm, confirmacion: 'Segura123?' })).toEqual({
      confirmacion: ['contrasenas_no_coinciden'],
    });
    expect(validationMessage('contrasenas_no_coinciden')).toBe('Las contraseñas no coinciden');
  });

  it('reports the mismatch together with the other problems, so the form shows them all at once', () => {
    expect(
      issuesOf(registroPacienteFormSchema, { ...validForm, usuario: 'ab', terminos: false, confirmacion: 'Otra' }),
    ).toEqual({
      usuario: ['usuario_requerido'],
      terminos: ['terminos_requeridos'],
      confirmacion: ['contrasenas_no_coinciden'],
    });
  });

  it('the terms must be accepted', () => {
    expect(issuesOf(registroPacienteFormSchema, { ...validForm, terminos: false })).toEqual({
      terminos: ['terminos_requeridos'],
    });
    expect(validationMessage('terminos_requeridos')).toBe('Debes aceptar los términos para continuar');
  });

  it('applies the same field rules as the API payload', () => {
    expect(
      issuesOf(registroPacienteFormSchema, { ...validForm, usuario: 'ab', email: 'no', nombre: '', apellido_1: '' }),
    ).toEqual({
      usuario: ['usuario_requerido'],
      email: ['correo_invalido'],
      nombre: ['nombre_requerido'],
      apellido_1: ['apellido1_requerido'],
    });
  });

  it('what the form sends, less the confirmation and the terms, is a valid API payload', () => {
    const { confirmacion: _c, terminos: _t, ...payload } = registroPacienteFormSchema.parse(validForm);
    expect(registroPacienteSchema.parse(payload)).toEqual(payload);
  });
});

describe('loginSchema (POST /api/login)', () => {
  it('accepts a username (or e-mail) and a password, trimming the username', () => {
    expect(loginSchema.parse({ usuario: ' ana.lopez ', contrasena: 'x' })).toEqual({
      usuario: 'ana.lopez',
      contrasena: 'x',
    });
  });

  it('username: required, then at least 3 characters, with the spec messages', () => {
    expect(issuesOf(loginSchema, { usuario: '', contrasena: 'x' })).toEqual({
      usuario: ['login_usuario_obligatorio', 'login_usuario_minimo'],
    });
    expect(issuesOf(loginSchema, { contrasena: 'x' })).toEqual({ usuario: ['login_usuario_obligatorio'] });
    expect(issuesOf(loginSchema, { usuario: 'an', contrasena: 'x' })).toEqual({ usuario: ['login_usuario_minimo'] });
    expect(validationMessage('login_usuario_obligatorio')).toBe('El usuario es obligatorio');
    expect(validationMessage('login_usuario_minimo')).toBe('El usuario debe tener al menos 3 caracteres');
  });

  it('password: required; its strength is not checked at log-in', () => {
    expect(issuesOf(loginSchema, { usuario: 'ana', contrasena: '' })).toEqual({
      contrasena: ['login_contrasena_obligatoria'],
    });
    expect(issuesOf(loginSchema, { usuario: 'ana' })).toEqual({ contrasena: ['login_contrasena_obligatoria'] });
    expect(loginSchema.safeParse({ usuario: 'ana', contrasena: 'a' }).success).toBe(true);
    expect(validationMessage('login_contrasena_obligatoria')).toBe('La contraseña es obligatoria');
  });
});

describe('contactoSchema (POST /api/contacto)', () => {
  const valid = { name: 'Marta Soler', email: 'marta@example.com', message: 'Quisiera saber el horario de pediatría.' };

  it('accepts name, email and message', () => {
    expect(contactoSchema.parse({ ...valid, name: ' Marta Soler ' })).toEqual(valid);
  });

  it('name, email and message are all required', () => {
    expect(issuesOf(contactoSchema, { ...valid, name: '  ' })).toEqual({ name: ['contacto_nombre_requerido'] });
    expect(issuesOf(contactoSchema, { ...valid, email: '' })).toEqual({ email: ['correo_invalido'] });
    expect(issuesOf(contactoSchema, { ...valid, email: 'marta' })).toEqual({ email: ['correo_invalido'] });
    expect(issuesOf(contactoSchema, { ...valid, message: '' })).toEqual({ message: ['contacto_mensaje_requerido'] });
    expect(issuesOf(contactoSchema, {})).toEqual({
      name: ['contacto_nombre_requerido'],
      email: ['correo_invalido'],
      message: ['contacto_mensaje_requerido'],
    });
  });

  it('limits the message length', () => {
    expect(issuesOf(contactoSchema, { ...valid, message: 'x'.repeat(5001) })).toEqual({ message: ['texto_largo'] });
  });
});

describe('validation messages', () => {
  it('every key used by these schemas has a text in es, ca and en', () => {
    const keys = Object.keys(messages.es.validation);
    for (const language of ['ca', 'en'] as const) expect(Object.keys(messages[language].validation)).toEqual(keys);
    for (const key of keys) {
      for (const language of ['es', 'ca', 'en'] as const) expect(validationMessage(key, language)).not.toBe(key);
    }
  });
});
