// No imports: the public pages read these without loading zod (the first-load budget).

/**
 * The clinic's identity: set once, stored in the `clinica` table, editable by admins on the
 * 'Clínica' screen, and read by every page, e-mail, PDF and .ics file. These are the defaults a new
 * database starts with (the demo clinic): reserved example domains, never '.local' addresses.
 */
export const CLINICA_POR_DEFECTO = {
  nombre: 'Galeno Centro Médico',
  razon_social: 'Galeno Clínica, S.L.',
  nif: 'B-00000000',
  direccion: 'Carrer de Provença 286',
  codigo_postal: '08008',
  localidad: 'Barcelona',
  telefono: '+34 932 000 000',
  correo: 'contacto@example.es',
  correo_privacidad: 'dpd@example.es',
  web: 'www.example.es',
  horario: 'Lunes a viernes: 8:00-20:00\nSábados: 9:00-13:00',
} as const;

/** 'Carrer de Provença 286, 08008 Barcelona'. */
export const clinicAddress = (clinica: { direccion: string; codigo_postal: string; localidad: string }) =>
  `${clinica.direccion}, ${clinica.codigo_postal} ${clinica.localidad}`;

/** A tel: link for a written phone number ('+34 932 000 000' -> 'tel:+34932000000'). */
export const phoneHref = (telefono: string) => `tel:${telefono.replace(/[^\d+]/g, '')}`;

/**
 * A stored phone (E.164 since every save checks it) as people read it aloud: a Spanish number in
 * groups of three after its prefix ('+34612345678' reads '+34 612 345 678'); any other as stored.
 */
export const phoneForReading = (telefono: string) => {
  const spanish = /^\+34(\d{3})(\d{3})(\d{3})$/.exec(telefono);
  return spanish ? `+34 ${spanish[1]} ${spanish[2]} ${spanish[3]}` : telefono;
};
