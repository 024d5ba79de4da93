/** The clinic's own details, shown on documents it issues (the history PDF) and on the contact page. */
export const CLINICA = {
  nombre: 'Galeno Centro Médico',
  direccion: 'Carrer de Provença 286',
  codigo_postal: '08008',
  localidad: 'Barcelona',
  telefono: '+34 932 000 000',
  correo: 'contacto@galeno.local',
  web: 'galeno.local',
} as const;
