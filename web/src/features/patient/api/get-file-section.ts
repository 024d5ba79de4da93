import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Alergia, Discapacidad, Enfermedad, Habito, Vacuna } from '../../../../../contracts/clinical-file.ts';
import { api } from '../../../lib/api.ts';

/** The list sections of the medical file: GET /paciente/{alergias|enfermedades|discapacidades|habitos|vacunas}. */
interface Sections {
  alergias: Alergia;
  enfermedades: Enfermedad;
  discapacidades: Discapacidad;
  habitos: Habito;
  vacunas: Vacuna;
}
export type FileSectionName = keyof Sections;

export const getFileSection = <S extends FileSectionName>(section: S) => api<Sections[S][]>('GET', `/paciente/${section}`);

export const FILE_SECTIONS: readonly FileSectionName[] = ['alergias', 'enfermedades', 'discapacidades', 'habitos', 'vacunas'];

export const fileSectionQuery = <S extends FileSectionName>(section: S) =>
  queryOptions({ queryKey: ['paciente', section], queryFn: () => getFileSection(section) });

export const useFileSection = <S extends FileSectionName>(section: S) => useQuery(fileSectionQuery(section));
