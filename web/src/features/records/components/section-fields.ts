import type { Seccion } from '../../../../../contracts/records.ts';

export type FieldKind = 'text' | 'date' | 'textarea' | 'number' | 'checkbox';
export interface FieldDef {
  name: string;
  kind: FieldKind;
  required?: boolean;
}

/** The fields of each section of the clinical file, in the spec's order (section 3). */
export const SECTION_FIELDS: Record<Seccion, FieldDef[]> = {
  alergias: [
    { name: 'nombre', kind: 'text', required: true },
    { name: 'fecha_diagnostico', kind: 'date' },
    { name: 'observaciones', kind: 'textarea' },
  ],
  enfermedades: [
    { name: 'nombre', kind: 'text', required: true },
    { name: 'tipo', kind: 'text' },
    { name: 'fecha_diagnostico', kind: 'date' },
    { name: 'observaciones', kind: 'textarea' },
    { name: 'activa', kind: 'checkbox' },
  ],
  discapacidades: [
    { name: 'tipo', kind: 'text', required: true },
    { name: 'porcentaje', kind: 'number' },
    { name: 'fecha_diagnostico', kind: 'date' },
    { name: 'descripcion', kind: 'textarea' },
  ],
  habitos: [
    { name: 'nombre', kind: 'text', required: true },
    { name: 'frecuencia', kind: 'text' },
    { name: 'duracion', kind: 'text' },
    { name: 'observaciones', kind: 'textarea' },
  ],
  vacunas: [
    { name: 'nombre', kind: 'text', required: true },
    { name: 'fecha_aplicacion', kind: 'date' },
    { name: 'dosis', kind: 'text' },
    { name: 'descripcion', kind: 'textarea' },
  ],
};


/** A stored value as form or table text: strings and numbers as they are, anything else empty. */
export const asText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
