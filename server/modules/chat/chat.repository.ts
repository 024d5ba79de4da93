import type { Kysely, Transaction } from 'kysely';
import type { ChatAnswerKind, ChatMessage, ChatRole, ChatSummary } from '../../../contracts/chat.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A conversation of one user, or undefined (also when it belongs to someone else). */
export async function findOwnChat(db: Db, id_usuario: number, id_chat: number): Promise<ChatSummary | undefined> {
  return db
    .selectFrom('chats')
    .select(['id_chat', 'nombre_chat', 'creado_en', 'actualizado_en'])
    .where('id_chat', '=', id_chat)
    .where('id_usuario', '=', id_usuario)
    .executeTakeFirst();
}

/** Whether a conversation with this id exists, whoever it belongs to. */
export async function chatExists(db: Db, id_chat: number): Promise<boolean> {
  return (
    (await db.selectFrom('chats').select('id_chat').where('id_chat', '=', id_chat).executeTakeFirst()) !== undefined
  );
}

export async function insertChat(db: Db, id_usuario: number, nombre_chat: string, now: string): Promise<ChatSummary> {
  return db
    .insertInto('chats')
    .values({ id_usuario, nombre_chat, creado_en: now, actualizado_en: now })
    .returning(['id_chat', 'nombre_chat', 'creado_en', 'actualizado_en'])
    .executeTakeFirstOrThrow();
}

export async function touchChat(db: Db, id_chat: number, now: string): Promise<void> {
  await db.updateTable('chats').set({ actualizado_en: now }).where('id_chat', '=', id_chat).execute();
}

/** Renames a conversation of the user; false when there is none with that id for them. */
export async function renameChat(db: Db, id_usuario: number, id_chat: number, nombre_chat: string): Promise<boolean> {
  const result = await db
    .updateTable('chats')
    .set({ nombre_chat })
    .where('id_chat', '=', id_chat)
    .where('id_usuario', '=', id_usuario)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user's conversations, most recently used first, one page at a time. */
export async function listChats(
  db: Db,
  id_usuario: number,
  page: { offset: number; limit: number; search?: string | undefined },
): Promise<{ items: ChatSummary[]; total: number }> {
  let query = db.selectFrom('chats').where('id_usuario', '=', id_usuario);
  const search = page.search;
  if (search) {
    // Titles are short: a case-insensitive substring match is enough (lower() works on both databases).
    query = query.where((eb) =>
      eb(eb.fn('lower', ['nombre_chat']), 'like', `%${withoutWildcards(search.toLowerCase())}%`),
    );
  }
  const [items, count] = await Promise.all([
    query
      .select(['id_chat', 'nombre_chat', 'creado_en', 'actualizado_en'])
      .orderBy('actualizado_en', 'desc')
      .orderBy('id_chat', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

function withoutWildcards(text: string): string {
  return text.replace(/[\\%_]/g, '');
}

export async function listMessages(db: Db, id_chat: number): Promise<ChatMessage[]> {
  return db
    .selectFrom('mensajes_chat')
    .select(['id_mensaje', 'contenido', 'rol', 'creado_en', 'tipo'])
    .where('id_chat', '=', id_chat)
    .orderBy('id_mensaje', 'asc')
    .execute();
}

/** The last `limit` messages of a conversation, oldest first (the context sent to a model). */
export async function recentMessages(
  db: Db,
  id_chat: number,
  limit: number,
): Promise<{ rol: ChatRole; contenido: string }[]> {
  const rows = await db
    .selectFrom('mensajes_chat')
    .select(['rol', 'contenido'])
    .where('id_chat', '=', id_chat)
    .orderBy('id_mensaje', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

export async function insertMessages(
  db: Db,
  id_chat: number,
  messages: { rol: ChatRole; contenido: string; tipo?: ChatAnswerKind }[],
  now: string,
): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('mensajes_chat')
    .values(
      messages.map((message) => ({
        id_chat,
        rol: message.rol,
        contenido: message.contenido,
        tipo: message.tipo ?? null,
        creado_en: now,
      })),
    )
    .execute();
}

/** Deletes a conversation of the user with its messages; false when there is none. */
export async function deleteChat(db: Db, id_usuario: number, id_chat: number): Promise<boolean> {
  const owned = await findOwnChat(db, id_usuario, id_chat);
  if (!owned) return false;
  await db.deleteFrom('mensajes_chat').where('id_chat', '=', id_chat).execute();
  await db.deleteFrom('chats').where('id_chat', '=', id_chat).execute();
  return true;
}

/** Deletes every conversation of the user; returns how many there were. */
export async function deleteAllChats(db: Db, id_usuario: number): Promise<number> {
  const own = db.selectFrom('chats').select('id_chat').where('id_usuario', '=', id_usuario);
  await db.deleteFrom('mensajes_chat').where('id_chat', 'in', own).execute();
  const result = await db.deleteFrom('chats').where('id_usuario', '=', id_usuario).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many conversations and messages a user keeps (the quotas of CHAT_MAX_*_PER_USER). */
export async function storedByUser(db: Db, id_usuario: number): Promise<{ conversations: number; messages: number }> {
  const [chats, messages] = await Promise.all([
    db
      .selectFrom('chats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id_usuario', '=', id_usuario)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mensajes_chat')
      .innerJoin('chats', 'chats.id_chat', 'mensajes_chat.id_chat')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chats.id_usuario', '=', id_usuario)
      .executeTakeFirstOrThrow(),
  ]);
  return { conversations: Number(chats.n), messages: Number(messages.n) };
}

/** The user's assistant conversations, each with all its messages. */
export async function listConversationsForExport(db: Db, id_usuario: number) {
  const [chats, messages] = await Promise.all([
    db
      .selectFrom('chats')
      .select(['id_chat', 'nombre_chat', 'creado_en', 'actualizado_en'])
      .where('id_usuario', '=', id_usuario)
      .orderBy('creado_en')
      .orderBy('id_chat')
      .execute(),
    db
      .selectFrom('mensajes_chat as m')
      .innerJoin('chats as c', 'c.id_chat', 'm.id_chat')
      .select(['m.id_chat', 'm.rol', 'm.contenido', 'm.creado_en'])
      .where('c.id_usuario', '=', id_usuario)
      .orderBy('m.id_mensaje')
      .execute(),
  ]);
  const byChat = new Map(
    chats.map((chat) => [
      chat.id_chat,
      { ...chat, mensajes: [] as { rol: 'user' | 'assistant'; contenido: string; creado_en: string }[] },
    ]),
  );
  for (const { id_chat, ...message } of messages) byChat.get(id_chat)?.mensajes.push(message);
  return [...byChat.values()];
}
