// What other modules may use of users: every import from another module goes through this file.
export { accountInsertError, duplicateAccountError } from './account-errors.ts';
export { accountOf, findTakenIdentifiers, identifierQuery, insertPatient, insertUser, personalDataColumns, searchTextOf, personalProfileOf } from './users.repository.ts';
