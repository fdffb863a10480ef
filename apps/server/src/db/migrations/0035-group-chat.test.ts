import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../database.ts';
import { migrations } from './index.ts';

// 0035 rebuilds chat_conversations on SQLite (a column cannot lose NOT NULL in place): the
// conversations, members and messages stored before it must come through with their ids and
// foreign keys intact. On PostgreSQL the same test checks the in-place change.
let handle: DatabaseHandle;
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const schema = databaseUrl ? `m_${randomBytes(6).toString('hex')}` : undefined;

beforeAll(async () => {
  handle = await openDatabase(databaseUrl && schema ? { databaseUrl, schema } : { sqliteFile: ':memory:' });
});
afterAll(() => handle.close());

const migratorTo = () =>
  new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
    // As migrateToLatest does: Kysely's bookkeeping in this test's own schema, not another's.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });

it('keeps the 1:1 conversations written before it, and lets a group conversation have no client', async () => {
  const before = await migratorTo().migrateTo('0034-chat-attachments');
  expect(before.error).toBeUndefined();
  const { db } = handle;
  const now = '2026-11-20T10:00:00.000Z';
  // The accounts as 0001 shaped them (later migrations only add columns with defaults).
  const account = async (name: string) => {
    const { rows } = await sql<{ id: number }>`INSERT INTO users
      (ref, email, password_hash, first_name, last_name, user_type, country_id, time_zone, created_at, updated_at)
      VALUES (${`ref-${name}`}, ${`${name}@agendo.test`}, 'x', ${name}, 'X', 1, 1, 'UTC', ${now}, ${now})
      RETURNING id`.execute(db);
    return Number(rows[0]?.id);
  };
  const pro = await account('pro');
  const client = await account('client');
  const conversation = await db
    .insertInto('chat_conversations')
    .values({
      ref: 'conv-1',
      professional_id: pro,
      client_id: client,
      last_seq: 1,
      activity_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('chat_members')
    .values([
      { conversation_id: conversation.id, user_id: pro, role: 'professional', last_read_seq: 0 },
      { conversation_id: conversation.id, user_id: client, role: 'client', last_read_seq: 1 },
    ])
    .execute();
  await db
    .insertInto('chat_messages')
    .values({
      ref: 'msg-1',
      conversation_id: conversation.id,
      seq: 1,
      sender_id: client,
      sender_role: 'client',
      author_id: client,
      body: 'Hola',
      booking_id: null,
      attachment_kind: null,
      attachment_name: null,
      attachment_size: null,
      attachment_mime: null,
      attachment_key: null,
      created_at: now,
    })
    .execute();

  const after = await migratorTo().migrateToLatest();
  expect(after.error).toBeUndefined();

  const kept = await db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('id', '=', conversation.id)
    .executeTakeFirstOrThrow();
  expect(kept).toMatchObject({ ref: 'conv-1', professional_id: pro, client_id: client, last_seq: 1 });
  expect(kept.group_publication_id).toBeNull();
  const joined = await db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.ref', 'm.body'])
    .execute();
  expect(joined).toEqual([{ ref: 'conv-1', body: 'Hola' }]);
  // The pair stays unique; a conversation without a client (a group's) is now allowed.
  await expect(
    db
      .insertInto('chat_conversations')
      .values({ ref: 'conv-2', professional_id: pro, client_id: client, activity_at: now, created_at: now })
      .execute(),
  ).rejects.toThrow(/unique|duplicate/i);
  await db
    .insertInto('chat_conversations')
    .values({ ref: 'conv-3', professional_id: pro, client_id: null, activity_at: now, created_at: now })
    .execute();
  // Foreign keys still hold after the swap (SQLite checks them again once the pragma is back on).
  await expect(
    db
      .insertInto('chat_members')
      .values({ conversation_id: 999_999, user_id: pro, role: 'client' })
      .execute(),
  ).rejects.toThrow(/foreign key/i);
  if (handle.dialect === 'sqlite') {
    expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);
  }
});
