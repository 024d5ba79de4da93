// What other modules may use of users: every import from another module goes through this file.
export { accountInsertError, duplicateAccountError } from './account-errors.ts';
export { accountOf, findTakenIdentifiers, identifierQuery, insertPaciente, insertUsuario, personalDataColumns, searchTextOf, usuarioFichaOf } from './users.repository.ts';
