// What other modules may use of visit types (tipos_visita, tipos_visita_doctor).
export { findActiveVisitType, offeredType, offeredTypes, typeForKey, visitTypeCatalogue, visitTypeNamer, visitTypeShower, type OfferedType } from './offered-types.ts';
export type { VisitTypeRow } from './visit-types.repository.ts';
