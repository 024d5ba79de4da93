// What other modules may use of accounts (the usuarios table): every import from another module goes through this file.
export { accountInsertError, duplicateAccountError, mapUniqueViolation } from './account-errors.ts';
export {
  accountOf,
  deactivateUser,
  findAccount,
  findPatientOfUser,
  findTakenIdentifiers,
  findUserListItem,
  identifierQuery,
  insertPatient,
  insertUser,
  listPatients,
  listUsers,
  lockActiveAdmins,
  lockActiveUser,
  personalDataColumns,
  personalProfileOf,
  searchTextOf,
  setPatientState,
  setRole,
  type Page,
  type UserListRow,
} from './accounts.repository.ts';
