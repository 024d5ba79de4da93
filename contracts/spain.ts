import { normalizeForSearch } from './common.ts';

/**
 * The 52 Spanish provinces (50 provinces and the autonomous cities of Ceuta and Melilla) with the
 * two-digit code that starts their postal codes. Names are the official ones.
 */
export const PROVINCIAS = [
  { codigo: '01', nombre: 'Araba/Álava', alias: ['Álava', 'Araba', 'Alava'] },
  { codigo: '02', nombre: 'Albacete', alias: [] },
  { codigo: '03', nombre: 'Alicante/Alacant', alias: ['Alicante', 'Alacant'] },
  { codigo: '04', nombre: 'Almería', alias: [] },
  { codigo: '05', nombre: 'Ávila', alias: [] },
  { codigo: '06', nombre: 'Badajoz', alias: [] },
  { codigo: '07', nombre: 'Illes Balears', alias: ['Baleares', 'Islas Baleares', 'Balears'] },
  { codigo: '08', nombre: 'Barcelona', alias: [] },
  { codigo: '09', nombre: 'Burgos', alias: [] },
  { codigo: '10', nombre: 'Cáceres', alias: [] },
  { codigo: '11', nombre: 'Cádiz', alias: [] },
  { codigo: '12', nombre: 'Castellón/Castelló', alias: ['Castellón', 'Castelló'] },
  { codigo: '13', nombre: 'Ciudad Real', alias: [] },
  { codigo: '14', nombre: 'Córdoba', alias: [] },
  { codigo: '15', nombre: 'A Coruña', alias: ['La Coruña', 'Coruña'] },
  { codigo: '16', nombre: 'Cuenca', alias: [] },
  { codigo: '17', nombre: 'Girona', alias: ['Gerona'] },
  { codigo: '18', nombre: 'Granada', alias: [] },
  { codigo: '19', nombre: 'Guadalajara', alias: [] },
  { codigo: '20', nombre: 'Gipuzkoa', alias: ['Guipúzcoa'] },
  { codigo: '21', nombre: 'Huelva', alias: [] },
  { codigo: '22', nombre: 'Huesca', alias: [] },
  { codigo: '23', nombre: 'Jaén', alias: [] },
  { codigo: '24', nombre: 'León', alias: [] },
  { codigo: '25', nombre: 'Lleida', alias: ['Lérida'] },
  { codigo: '26', nombre: 'La Rioja', alias: ['Rioja'] },
  { codigo: '27', nombre: 'Lugo', alias: [] },
  { codigo: '28', nombre: 'Madrid', alias: [] },
  { codigo: '29', nombre: 'Málaga', alias: [] },
  { codigo: '30', nombre: 'Murcia', alias: [] },
  { codigo: '31', nombre: 'Navarra', alias: ['Nafarroa'] },
  { codigo: '32', nombre: 'Ourense', alias: ['Orense'] },
  { codigo: '33', nombre: 'Asturias', alias: [] },
  { codigo: '34', nombre: 'Palencia', alias: [] },
  { codigo: '35', nombre: 'Las Palmas', alias: [] },
  { codigo: '36', nombre: 'Pontevedra', alias: [] },
  { codigo: '37', nombre: 'Salamanca', alias: [] },
  { codigo: '38', nombre: 'Santa Cruz de Tenerife', alias: ['Tenerife'] },
  { codigo: '39', nombre: 'Cantabria', alias: [] },
  { codigo: '40', nombre: 'Segovia', alias: [] },
  { codigo: '41', nombre: 'Sevilla', alias: [] },
  { codigo: '42', nombre: 'Soria', alias: [] },
  { codigo: '43', nombre: 'Tarragona', alias: [] },
  { codigo: '44', nombre: 'Teruel', alias: [] },
  { codigo: '45', nombre: 'Toledo', alias: [] },
  { codigo: '46', nombre: 'Valencia/València', alias: ['Valencia', 'València'] },
  { codigo: '47', nombre: 'Valladolid', alias: [] },
  { codigo: '48', nombre: 'Bizkaia', alias: ['Vizcaya'] },
  { codigo: '49', nombre: 'Zamora', alias: [] },
  { codigo: '50', nombre: 'Zaragoza', alias: [] },
  { codigo: '51', nombre: 'Ceuta', alias: [] },
  { codigo: '52', nombre: 'Melilla', alias: [] },
] as const satisfies readonly { codigo: string; nombre: string; alias: readonly string[] }[];

export type Provincia = (typeof PROVINCIAS)[number];

const byName = new Map<string, Provincia>(
  PROVINCIAS.flatMap((p) => [p.nombre, ...p.alias].map((name) => [normalizeForSearch(name), p] as const)),
);

/** The province a name refers to, in any case and with or without accents ('lerida' is Lleida). */
export function findProvincia(name: string): Provincia | undefined {
  return byName.get(normalizeForSearch(name));
}

/** A Spanish postal code: five digits whose first two are a province code (01-52). */
export function isSpanishPostalCode(code: string): boolean {
  return /^\d{5}$/.test(code) && PROVINCIAS.some((p) => p.codigo === code.slice(0, 2));
}

/** Whether a postal code belongs to a province (its first two digits are the province's code). */
export function postalCodeMatchesProvince(code: string, provincia: string): boolean {
  const province = findProvincia(provincia);
  return province !== undefined && code.slice(0, 2) === province.codigo;
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Upper case without spaces, dots or hyphens: '12.345.678-z' becomes '12345678Z'. */
export function normalizeDni(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * A DNI (8 digits and a control letter) or an NIE (X, Y or Z, 7 digits and a control letter), with
 * the letter checked: it is the number modulo 23 in the official table (X, Y, Z count as 0, 1, 2).
 */
export function isValidDniNie(value: string): boolean {
  const id = normalizeDni(value);
  const match = /^([XYZ]\d{7}|\d{8})([A-Z])$/.exec(id);
  if (!match) return false;
  const digits = match[1]!.replace(/^[XYZ]/, (letter) => String('XYZ'.indexOf(letter)));
  return DNI_LETTERS[Number(digits) % 23] === match[2];
}
