import type { AccionAuditoria, AccionFicha } from './audit.ts';
import type { Language } from './messages/languages.ts';
import type { Seccion } from './records.ts';

/**
 * Audit entries as sentences in the reader's language (issue 13): 'La Dra. Laura García consultó tu
 * historia clínica el 24/11/2026 a las 10:15.', never 'historia.leer'. One function, keyed by
 * action, for every place that shows the log: the admin's audit screen, 'Quién ha consultado mi
 * historia' and the data-export PDF. A new action is a new line in each language's table below
 * (the types refuse an action without one).
 */

export interface AuditSentenceEntry {
  accion: string;
  /** ISO instant. */
  creado_en: string;
  /** The full name of who did it; null when the account no longer exists. */
  quien: string | null;
  rol: string | null;
  sexo?: 'M' | 'F' | null | undefined;
  /** Whose data it was, on the admin's screen (the patient's own screens leave it out). */
  paciente?: string | null | undefined;
  /** The reader did it themselves: 'Descargaste tus datos (PDF)…'. */
  propio?: boolean | undefined;
}

export interface AuditSentenceOptions {
  language: Language;
  timeZone: string;
  /** 'patient': a patient reading about their own data ('tu historia'); 'admin': anyone's ('la historia de Ana López'). */
  reader: 'patient' | 'admin';
  /** The same thing done several times that day, up to this ISO instant. */
  repeated?: { count: number; until: string } | undefined;
}

/** [verb, the verb when the reader did it, the object for the patient, the object for the admin ({p} = the patient)]. */
type Phrase = readonly [string, string, string, string];
type Table = Record<Exclude<AccionAuditoria, AccionFicha>, Phrase>;

const ES: Table = {
  'acceso_urgente.declarar': [
    'abrió con acceso urgente',
    'abriste con acceso urgente',
    'tu historia clínica',
    'la historia clínica de {p}',
  ],
  'calendario.crear': ['creó', 'creaste', 'un enlace para su calendario', 'un enlace para su calendario'],
  'calendario.revocar': ['revocó', 'revocaste', 'el enlace de su calendario', 'el enlace de su calendario'],
  'cita.cambiar': ['cambió de hora', 'cambiaste de hora', 'una cita tuya', 'una cita de {p}'],
  'cuenta.cerrar_sesiones': ['cerró', 'cerraste', 'sesiones abiertas de tu cuenta', 'sesiones abiertas de su cuenta'],
  'cuenta.codigo_recuperacion_usado': [
    'usó',
    'usaste',
    'un código de recuperación para entrar',
    'un código de recuperación para entrar',
  ],
  'cuenta.codigos_recuperacion': [
    'generó',
    'generaste',
    'códigos de recuperación nuevos',
    'códigos de recuperación nuevos',
  ],
  'cuenta.segundo_factor_activado': [
    'activó',
    'activaste',
    'la verificación en dos pasos',
    'la verificación en dos pasos',
  ],
  'cuenta.segundo_factor_desactivado': [
    'desactivó',
    'desactivaste',
    'la verificación en dos pasos',
    'la verificación en dos pasos',
  ],
  'historia.leer_urgente': [
    'consultó con acceso urgente',
    'consultaste con acceso urgente',
    'tu historia clínica',
    'la historia clínica de {p}',
  ],
  'usuario.cerrar_sesiones': ['cerró', 'cerraste', 'todas las sesiones de tu cuenta', 'todas las sesiones de {p}'],
  'archivo.descargar': [
    'descargó',
    'descargaste',
    'un archivo adjunto de tu historia',
    'un archivo adjunto de la historia de {p}',
  ],
  'archivo.eliminar': [
    'eliminó',
    'eliminaste',
    'un archivo adjunto de tu historia',
    'un archivo adjunto de la historia de {p}',
  ],
  'archivo.listar': ['consultó', 'consultaste', 'los archivos adjuntos de tu historia', 'los archivos adjuntos de {p}'],
  'archivo.subir': ['subió', 'subiste', 'un archivo adjunto a tu historia', 'un archivo adjunto a la historia de {p}'],
  'chat.contexto_compartido': [
    'envió',
    'enviaste',
    'tu resumen clínico al asistente',
    'el resumen clínico de {p} al asistente',
  ],
  'cita.cancelar': ['canceló', 'cancelaste', 'una cita tuya', 'una cita de {p}'],
  'cita.cancelar_baja_doctor': [
    'canceló',
    'cancelaste',
    'una cita tuya porque el doctor dejó la clínica',
    'una cita de {p} porque el doctor dejó la clínica',
  ],
  'cita.cancelar_baja_paciente': [
    'canceló',
    'cancelaste',
    'tus citas al cerrar tu cuenta',
    'las citas de {p} al cerrar su cuenta',
  ],
  'cita.confirmar': ['confirmó', 'confirmaste', 'una cita tuya', 'una cita de {p}'],
  'cita.rechazar': ['rechazó', 'rechazaste', 'una solicitud de cita tuya', 'una solicitud de cita de {p}'],
  'cita.no_presentado': ['marcó', 'marcaste', 'que no te presentaste a una cita', 'que {p} no se presentó a una cita'],
  'cita.crear': ['pidió', 'pediste', 'una cita', 'una cita para {p}'],
  'citas.listar': ['consultó', 'consultaste', 'tus citas', 'las citas de {p}'],
  'clinica.actualizar': ['cambió', 'cambiaste', 'los datos de la clínica', 'los datos de la clínica'],
  'clinica.reglas': ['cambió', 'cambiaste', 'las reglas de reserva', 'las reglas de reserva'],
  'clinica.logo': ['cambió', 'cambiaste', 'el logotipo de la clínica', 'el logotipo de la clínica'],
  'consulta.crear': ['asignó', 'asignaste', 'una consulta a tu nombre', 'una consulta a {p}'],
  'consulta.finalizar': ['finalizó', 'finalizaste', 'una consulta tuya', 'una consulta de {p}'],
  'consultas.listar': ['consultó', 'consultaste', 'tus consultas', 'las consultas de {p}'],
  'cuenta.contrasena': ['cambió', 'cambiaste', 'tu contraseña', 'su contraseña'],
  'cuenta.contrasena_restablecida': [
    'restableció',
    'restableciste',
    'tu contraseña con un enlace',
    'su contraseña con un enlace',
  ],
  'cuenta.registro': ['creó', 'creaste', 'tu cuenta', 'su cuenta'],
  'cuenta.registro_doctor': ['dio de alta', 'diste de alta', 'a un doctor', 'a un doctor'],
  'cuenta.restablecimiento_solicitado': [
    'pidió',
    'pediste',
    'un enlace para restablecer tu contraseña',
    'un enlace para restablecer su contraseña',
  ],
  'datos.exportar_json': ['descargó', 'descargaste', 'tus datos (JSON)', 'los datos de {p} (JSON)'],
  'datos.exportar_pdf': ['descargó', 'descargaste', 'tus datos (PDF)', 'los datos de {p} (PDF)'],
  'ficha.leer': ['consultó', 'consultaste', 'tu ficha médica', 'la ficha médica de {p}'],
  'historia.leer': ['consultó', 'consultaste', 'tu historia clínica', 'la historia clínica de {p}'],
  'historial.exportar_pdf': ['exportó', 'exportaste', 'tu historial a PDF', 'el historial de {p} a PDF'],
  'historial.leer': ['consultó', 'consultaste', 'tu historial', 'el historial de {p}'],
  'perfil.actualizar': ['cambió', 'cambiaste', 'tus datos personales', 'los datos personales de {p}'],
  'perfil.leer': ['consultó', 'consultaste', 'tus datos personales', 'los datos personales de {p}'],
  'resumen.leer': ['consultó', 'consultaste', 'tu resumen clínico', 'el resumen clínico de {p}'],
  'usuario.datos_doctor': ['cambió', 'cambiaste', 'los datos de un doctor', 'los datos de un doctor'],
  'usuario.eliminar': ['eliminó', 'eliminaste', 'tu cuenta', 'la cuenta de {p}'],
  'usuario.rol': ['cambió', 'cambiaste', 'el rol de tu cuenta', 'el rol de la cuenta de {p}'],
  'visitas.listar': ['consultó', 'consultaste', 'tus visitas', 'las visitas de {p}'],
};

const CA: Table = {
  'acceso_urgente.declarar': [
    'va obrir amb accés urgent',
    'vas obrir amb accés urgent',
    'la teva història clínica',
    'la història clínica de {p}',
  ],
  'calendario.crear': ['va crear', 'vas crear', 'un enllaç per al seu calendari', 'un enllaç per al seu calendari'],
  'calendario.revocar': ['va revocar', 'vas revocar', 'l’enllaç del seu calendari', 'l’enllaç del seu calendari'],
  'cita.cambiar': ['va canviar d’hora', 'vas canviar d’hora', 'una cita teva', 'una cita de {p}'],
  'cuenta.cerrar_sesiones': [
    'va tancar',
    'vas tancar',
    'sessions obertes del teu compte',
    'sessions obertes del seu compte',
  ],
  'cuenta.codigo_recuperacion_usado': [
    'va fer servir',
    'vas fer servir',
    'un codi de recuperació per entrar',
    'un codi de recuperació per entrar',
  ],
  'cuenta.codigos_recuperacion': [
    'va generar',
    'vas generar',
    'codis de recuperació nous',
    'codis de recuperació nous',
  ],
  'cuenta.segundo_factor_activado': [
    'va activar',
    'vas activar',
    'la verificació en dos passos',
    'la verificació en dos passos',
  ],
  'cuenta.segundo_factor_desactivado': [
    'va desactivar',
    'vas desactivar',
    'la verificació en dos passos',
    'la verificació en dos passos',
  ],
  'historia.leer_urgente': [
    'va consultar amb accés urgent',
    'vas consultar amb accés urgent',
    'la teva història clínica',
    'la història clínica de {p}',
  ],
  'usuario.cerrar_sesiones': [
    'va tancar',
    'vas tancar',
    'totes les sessions del teu compte',
    'totes les sessions de {p}',
  ],
  'archivo.descargar': [
    'va descarregar',
    'vas descarregar',
    'un fitxer adjunt de la teva història',
    'un fitxer adjunt de la història de {p}',
  ],
  'archivo.eliminar': [
    'va eliminar',
    'vas eliminar',
    'un fitxer adjunt de la teva història',
    'un fitxer adjunt de la història de {p}',
  ],
  'archivo.listar': [
    'va consultar',
    'vas consultar',
    'els fitxers adjunts de la teva història',
    'els fitxers adjunts de {p}',
  ],
  'archivo.subir': [
    'va pujar',
    'vas pujar',
    'un fitxer adjunt a la teva història',
    'un fitxer adjunt a la història de {p}',
  ],
  'chat.contexto_compartido': [
    'va enviar',
    'vas enviar',
    'el teu resum clínic a l’assistent',
    'el resum clínic de {p} a l’assistent',
  ],
  'cita.cancelar': ['va cancel·lar', 'vas cancel·lar', 'una cita teva', 'una cita de {p}'],
  'cita.cancelar_baja_doctor': [
    'va cancel·lar',
    'vas cancel·lar',
    'una cita teva perquè el doctor va deixar la clínica',
    'una cita de {p} perquè el doctor va deixar la clínica',
  ],
  'cita.cancelar_baja_paciente': [
    'va cancel·lar',
    'vas cancel·lar',
    'les teves cites en tancar el teu compte',
    'les cites de {p} en tancar el seu compte',
  ],
  'cita.confirmar': ['va confirmar', 'vas confirmar', 'una cita teva', 'una cita de {p}'],
  'cita.rechazar': ['va rebutjar', 'vas rebutjar', 'una sol·licitud de cita teva', 'una sol·licitud de cita de {p}'],
  'cita.crear': ['va demanar', 'vas demanar', 'una cita', 'una cita per a {p}'],
  'cita.no_presentado': ['va marcar', 'vas marcar', 'que no et vas presentar a una cita', 'que {p} no es va presentar a una cita'],
  'citas.listar': ['va consultar', 'vas consultar', 'les teves cites', 'les cites de {p}'],
  'clinica.actualizar': ['va canviar', 'vas canviar', 'les dades de la clínica', 'les dades de la clínica'],
  'clinica.reglas': ['va canviar', 'vas canviar', 'les regles de reserva', 'les regles de reserva'],
  'clinica.logo': ['va canviar', 'vas canviar', 'el logotip de la clínica', 'el logotip de la clínica'],
  'consulta.crear': ['va assignar', 'vas assignar', 'una consulta a nom teu', 'una consulta a {p}'],
  'consulta.finalizar': ['va finalitzar', 'vas finalitzar', 'una consulta teva', 'una consulta de {p}'],
  'consultas.listar': ['va consultar', 'vas consultar', 'les teves consultes', 'les consultes de {p}'],
  'cuenta.contrasena': ['va canviar', 'vas canviar', 'la teva contrasenya', 'la seva contrasenya'],
  'cuenta.contrasena_restablecida': [
    'va restablir',
    'vas restablir',
    'la teva contrasenya amb un enllaç',
    'la seva contrasenya amb un enllaç',
  ],
  'cuenta.registro': ['va crear', 'vas crear', 'el teu compte', 'el seu compte'],
  'cuenta.registro_doctor': ['va donar d’alta', 'vas donar d’alta', 'un doctor', 'un doctor'],
  'cuenta.restablecimiento_solicitado': [
    'va demanar',
    'vas demanar',
    'un enllaç per restablir la teva contrasenya',
    'un enllaç per restablir la seva contrasenya',
  ],
  'datos.exportar_json': ['va descarregar', 'vas descarregar', 'les teves dades (JSON)', 'les dades de {p} (JSON)'],
  'datos.exportar_pdf': ['va descarregar', 'vas descarregar', 'les teves dades (PDF)', 'les dades de {p} (PDF)'],
  'ficha.leer': ['va consultar', 'vas consultar', 'la teva fitxa mèdica', 'la fitxa mèdica de {p}'],
  'historia.leer': ['va consultar', 'vas consultar', 'la teva història clínica', 'la història clínica de {p}'],
  'historial.exportar_pdf': ['va exportar', 'vas exportar', 'el teu historial a PDF', 'l’historial de {p} a PDF'],
  'historial.leer': ['va consultar', 'vas consultar', 'el teu historial', 'l’historial de {p}'],
  'perfil.actualizar': ['va canviar', 'vas canviar', 'les teves dades personals', 'les dades personals de {p}'],
  'perfil.leer': ['va consultar', 'vas consultar', 'les teves dades personals', 'les dades personals de {p}'],
  'resumen.leer': ['va consultar', 'vas consultar', 'el teu resum clínic', 'el resum clínic de {p}'],
  'usuario.datos_doctor': ['va canviar', 'vas canviar', 'les dades d’un doctor', 'les dades d’un doctor'],
  'usuario.eliminar': ['va eliminar', 'vas eliminar', 'el teu compte', 'el compte de {p}'],
  'usuario.rol': ['va canviar', 'vas canviar', 'el rol del teu compte', 'el rol del compte de {p}'],
  'visitas.listar': ['va consultar', 'vas consultar', 'les teves visites', 'les visites de {p}'],
};

const EN: Table = {
  'acceso_urgente.declarar': [
    'opened with emergency access',
    'opened with emergency access',
    'your medical record',
    '{p}’s medical record',
  ],
  'calendario.crear': ['created', 'created', 'a calendar link', 'a calendar link'],
  'calendario.revocar': ['revoked', 'revoked', 'a calendar link', 'a calendar link'],
  'cita.cambiar': ['moved', 'moved', 'one of your appointments', 'one of {p}’s appointments'],
  'cuenta.cerrar_sesiones': ['ended', 'ended', 'open sessions of your account', 'open sessions of their account'],
  'cuenta.codigo_recuperacion_usado': ['used', 'used', 'a recovery code to log in', 'a recovery code to log in'],
  'cuenta.codigos_recuperacion': ['generated', 'generated', 'new recovery codes', 'new recovery codes'],
  'cuenta.segundo_factor_activado': ['turned on', 'turned on', 'two-step verification', 'two-step verification'],
  'cuenta.segundo_factor_desactivado': ['turned off', 'turned off', 'two-step verification', 'two-step verification'],
  'historia.leer_urgente': [
    'opened with emergency access',
    'opened with emergency access',
    'your medical record',
    '{p}’s medical record',
  ],
  'usuario.cerrar_sesiones': ['ended', 'ended', 'every session of your account', 'every session of {p}'],
  'archivo.descargar': ['downloaded', 'downloaded', 'an attachment of your record', 'an attachment of {p}’s record'],
  'archivo.eliminar': ['deleted', 'deleted', 'an attachment of your record', 'an attachment of {p}’s record'],
  'archivo.listar': ['viewed', 'viewed', 'the attachments of your record', 'the attachments of {p}’s record'],
  'archivo.subir': ['uploaded', 'uploaded', 'an attachment to your record', 'an attachment to {p}’s record'],
  'chat.contexto_compartido': [
    'sent',
    'sent',
    'your clinical summary to the assistant',
    '{p}’s clinical summary to the assistant',
  ],
  'cita.cancelar': ['cancelled', 'cancelled', 'one of your appointments', 'one of {p}’s appointments'],
  'cita.cancelar_baja_doctor': [
    'cancelled',
    'cancelled',
    'one of your appointments because the doctor left the clinic',
    'one of {p}’s appointments because the doctor left the clinic',
  ],
  'cita.cancelar_baja_paciente': [
    'cancelled',
    'cancelled',
    'your appointments when closing your account',
    '{p}’s appointments when closing their account',
  ],
  'cita.confirmar': ['confirmed', 'confirmed', 'one of your appointments', 'one of {p}’s appointments'],
  'cita.rechazar': ['rejected', 'rejected', 'one of your appointment requests', 'one of {p}’s appointment requests'],
  'cita.crear': ['requested', 'requested', 'an appointment', 'an appointment for {p}'],
  'cita.no_presentado': ['marked', 'marked', 'that you missed an appointment', 'that {p} missed an appointment'],
  'citas.listar': ['viewed', 'viewed', 'your appointments', '{p}’s appointments'],
  'clinica.actualizar': ['changed', 'changed', 'the clinic’s details', 'the clinic’s details'],
  'clinica.reglas': ['changed', 'changed', 'the booking rules', 'the booking rules'],
  'clinica.logo': ['changed', 'changed', 'the clinic’s logo', 'the clinic’s logo'],
  'consulta.crear': ['assigned', 'assigned', 'a consultation to you', 'a consultation to {p}'],
  'consulta.finalizar': ['completed', 'completed', 'one of your consultations', 'one of {p}’s consultations'],
  'consultas.listar': ['viewed', 'viewed', 'your consultations', '{p}’s consultations'],
  'cuenta.contrasena': ['changed', 'changed', 'your password', 'their password'],
  'cuenta.contrasena_restablecida': ['reset', 'reset', 'your password with a link', 'their password with a link'],
  'cuenta.registro': ['created', 'created', 'your account', 'their account'],
  'cuenta.registro_doctor': ['registered', 'registered', 'a doctor', 'a doctor'],
  'cuenta.restablecimiento_solicitado': [
    'asked for',
    'asked for',
    'a link to reset your password',
    'a link to reset their password',
  ],
  'datos.exportar_json': ['downloaded', 'downloaded', 'your data (JSON)', '{p}’s data (JSON)'],
  'datos.exportar_pdf': ['downloaded', 'downloaded', 'your data (PDF)', '{p}’s data (PDF)'],
  'ficha.leer': ['opened', 'opened', 'your medical file', '{p}’s medical file'],
  'historia.leer': ['opened', 'opened', 'your medical record', '{p}’s medical record'],
  'historial.exportar_pdf': ['exported', 'exported', 'your history as a PDF', '{p}’s history as a PDF'],
  'historial.leer': ['viewed', 'viewed', 'your history', '{p}’s history'],
  'perfil.actualizar': ['changed', 'changed', 'your personal details', '{p}’s personal details'],
  'perfil.leer': ['viewed', 'viewed', 'your personal details', '{p}’s personal details'],
  'resumen.leer': ['viewed', 'viewed', 'your clinical summary', '{p}’s clinical summary'],
  'usuario.datos_doctor': ['changed', 'changed', 'a doctor’s details', 'a doctor’s details'],
  'usuario.eliminar': ['deleted', 'deleted', 'your account', '{p}’s account'],
  'usuario.rol': ['changed', 'changed', 'the role of your account', 'the role of {p}’s account'],
  'visitas.listar': ['viewed', 'viewed', 'your visits', '{p}’s visits'],
};

const SECTIONS: Record<Language, Record<Seccion, string>> = {
  es: {
    alergias: 'alergias',
    enfermedades: 'enfermedades',
    discapacidades: 'discapacidades',
    habitos: 'hábitos',
    vacunas: 'vacunas',
  },
  ca: {
    alergias: 'al·lèrgies',
    enfermedades: 'malalties',
    discapacidades: 'discapacitats',
    habitos: 'hàbits',
    vacunas: 'vacunes',
  },
  en: {
    alergias: 'allergies',
    enfermedades: 'diseases',
    discapacidades: 'disabilities',
    habitos: 'habits',
    vacunas: 'vaccinations',
  },
};

/** An entry added to or corrected in a section of the clinical file. */
const FILE_ENTRY: Record<Language, (change: 'crear' | 'corregir', section: string) => Phrase> = {
  es: (change, section) => [
    change === 'crear' ? 'añadió' : 'corrigió',
    change === 'crear' ? 'añadiste' : 'corregiste',
    `una entrada de ${section} de tu ficha`,
    `una entrada de ${section} de la ficha de {p}`,
  ],
  ca: (change, section) => [
    change === 'crear' ? 'va afegir' : 'va corregir',
    change === 'crear' ? 'vas afegir' : 'vas corregir',
    `una entrada de ${section} de la teva fitxa`,
    `una entrada de ${section} de la fitxa de {p}`,
  ],
  en: (change, section) => [
    change === 'crear' ? 'added' : 'corrected',
    change === 'crear' ? 'added' : 'corrected',
    `an entry in the ${section} of your file`,
    `an entry in the ${section} of {p}’s file`,
  ],
};

const TABLES: Record<Language, Table> = { es: ES, ca: CA, en: EN };

/** The patient's own object in the third person, for the admin ('tus datos' -> 'sus datos'): a patient acting on their own data. */
const THIRD_PERSON: Record<Language, [RegExp, string][]> = {
  es: [
    [/\btus\b/g, 'sus'],
    [/\btu\b/g, 'su'],
    [/\btuyas?\b/g, 'suya'],
  ],
  ca: [
    [/\bles teves\b/g, 'les seves'],
    [/\bla teva\b/g, 'la seva'],
    [/\bels teus\b/g, 'els seus'],
    [/\bel teu\b/g, 'el seu'],
    [/\bteva\b/g, 'seva'],
    [/\bnom teu\b/g, 'nom seu'],
  ],
  en: [
    [/\byours\b/g, 'theirs'],
    [/\byour\b/g, 'their'],
    [/\bto you\b/g, 'to them'],
  ],
};

const inThirdPerson = (text: string, language: Language) =>
  THIRD_PERSON[language].reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);

interface Words {
  you: string;
  someone: string;
  aPatient: string;
  doctor: (name: string, sexo: 'M' | 'F' | null | undefined) => string;
  admin: (name: string) => string;
  when: (date: string, time: string) => string;
  repeated: (count: number, until: string) => string;
  unknown: (code: string) => string;
}

const WORDS: Record<Language, Words> = {
  es: {
    you: '',
    someone: 'Una cuenta ya eliminada',
    aPatient: 'un paciente',
    doctor: (name, sexo) => (sexo === 'F' ? `La Dra. ${name}` : sexo === 'M' ? `El Dr. ${name}` : `${name} (doctor)`),
    admin: (name) => `${name} (administración)`,
    when: (date, time) => `el ${date} a las ${time}`,
    repeated: (count, until) => ` (${count} veces, hasta las ${until})`,
    unknown: (code) => `hizo «${code}»`,
  },
  ca: {
    you: '',
    someone: 'Un compte ja eliminat',
    aPatient: 'un pacient',
    doctor: (name, sexo) => (sexo === 'F' ? `La Dra. ${name}` : sexo === 'M' ? `El Dr. ${name}` : `${name} (doctor)`),
    admin: (name) => `${name} (administració)`,
    when: (date, time) => `el ${date} a les ${time}`,
    repeated: (count, until) => ` (${count} vegades, fins a les ${until})`,
    unknown: (code) => `va fer «${code}»`,
  },
  en: {
    you: 'You',
    someone: 'An account since deleted',
    aPatient: 'a patient',
    doctor: (name) => `Dr ${name}`,
    admin: (name) => `${name} (administration)`,
    when: (date, time) => `on ${date} at ${time}`,
    repeated: (count, until) => ` (${count} times, until ${until})`,
    unknown: (code) => `did “${code}”`,
  },
};

function phraseOf(accion: string, language: Language): Phrase | undefined {
  const fixed = (TABLES[language] as Record<string, Phrase>)[accion];
  if (fixed) return fixed;
  const [prefix, section, change] = accion.split('.');
  if (prefix === 'ficha' && section && section in SECTIONS[language] && (change === 'crear' || change === 'corregir')) {
    return FILE_ENTRY[language](change, SECTIONS[language][section as Seccion]);
  }
  return undefined;
}

// One formatter per time zone: a sentence per audit row each building its own cost 150 µs and ICU
// memory outside the JavaScript heap.
const clinicFormatters = new Map<string, Intl.DateTimeFormat>();

/** DD/MM/YYYY and HH:MM at the clinic. */
function clinicDateTime(iso: string, timeZone: string): { date: string; time: string } {
  let formatter = clinicFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clinicFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Who did it, as the sentence's subject. */
function subjectOf(entry: AuditSentenceEntry, words: Words): string {
  if (!entry.quien || entry.quien === '-') return words.someone;
  if (entry.rol === 'doctor') return words.doctor(entry.quien, entry.sexo);
  if (entry.rol === 'admin') return words.admin(entry.quien);
  return entry.quien;
}

/** One audit entry as one sentence in the reader's language. */
export function auditSentence(entry: AuditSentenceEntry, options: AuditSentenceOptions): string {
  const { language } = options;
  const words = WORDS[language];
  const { date, time } = clinicDateTime(entry.creado_en, options.timeZone);
  const phrase = phraseOf(entry.accion, language);
  const patient = entry.paciente ?? words.aPatient;
  // On the admin's screen, a patient's action on their own data reads 'Ana López descargó sus datos'.
  const ownData =
    options.reader === 'admin' && entry.rol === 'paciente' && !!entry.paciente && entry.paciente === entry.quien;
  const object = !phrase
    ? ''
    : options.reader === 'patient'
      ? phrase[2]
      : ownData
        ? inThirdPerson(phrase[2], language)
        : phrase[3].replaceAll('{p}', patient);
  let sentence: string;
  if (!phrase)
    sentence = `${entry.propio && words.you ? words.you : subjectOf(entry, words)} ${words.unknown(entry.accion)}`;
  else if (entry.propio) sentence = capitalised([words.you, phrase[1], object].filter(Boolean).join(' '));
  else sentence = `${subjectOf(entry, words)} ${phrase[0]} ${object}`;
  const repeated =
    options.repeated && options.repeated.count > 1
      ? words.repeated(options.repeated.count, clinicDateTime(options.repeated.until, options.timeZone).time)
      : '';
  return `${sentence} ${words.when(date, time)}${repeated}.`;
}
