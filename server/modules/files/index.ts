// What other modules may use of files: every import from another module goes through this file.
export { listAttachments, listRecordAttachments } from './files.repository.ts';
