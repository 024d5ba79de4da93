import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A patient as the desk's search lists them: identity and contact only. */
export interface DeskPatient {
  id_paciente: number;
  nombre: string;
  apellido1: string;
  apellido2: string | null;
  dni: string | null;
  telefono: string | null;
}

/** The desk's patient search (name, surname, DNI/NIE, phone, e-mail or birth date). */
export const searchPatients = (buscar: string) =>
  api<DeskPatient[]>('GET', '/recepcion/pacientes', { query: { buscar, por_pagina: 8 } });

export const usePatientSearch = (buscar: string) =>
  useQuery({
    queryKey: ['recepcion', 'pacientes', buscar],
    queryFn: () => searchPatients(buscar),
    enabled: buscar.trim().length >= 2,
    staleTime: 30_000,
  });
