// What other modules may use of chat: every import from another module goes through this file.
export { listConversationsForExport } from './chat.repository.ts';
