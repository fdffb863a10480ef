import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { QuestionsTable } from '../../db/tables/storefront.ts';

export type NewQuestion = Insertable<QuestionsTable>;

export async function insertQuestion(db: DB, row: NewQuestion): Promise<number> {
  return insertReturningId(db, 'questions', row);
}

export function findQuestionByRef(db: DB, ref: string) {
  return db.selectFrom('questions').selectAll().where('ref', '=', ref).executeTakeFirst();
}

/**
 * What a viewer may see of a publication's questions: the answered ones, plus their own while
 * unanswered; the owning professional sees every question. Hidden questions are gone.
 */
function visibleQuestions(db: DB, publicationId: number, viewerId: number | null, isOwner: boolean) {
  return db
    .selectFrom('questions')
    .where('questions.publication_id', '=', publicationId)
    .where('questions.hidden', '=', 0)
    .$if(!isOwner, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb.and([eb('questions.answer', 'is not', null), eb('questions.answer_hidden', '=', 0)]),
          ...(viewerId === null ? [] : [eb('questions.asker_id', '=', viewerId)]),
        ]),
      ),
    );
}

export async function countVisibleQuestions(
  db: DB,
  publicationId: number,
  viewerId: number | null,
  isOwner: boolean,
): Promise<number> {
  const row = await visibleQuestions(db, publicationId, viewerId, isOwner)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listVisibleQuestions(
  db: DB,
  publicationId: number,
  viewerId: number | null,
  isOwner: boolean,
  page: { offset: number; limit: number },
) {
  return visibleQuestions(db, publicationId, viewerId, isOwner)
    .innerJoin('users', 'users.id', 'questions.asker_id')
    .select([
      'questions.id',
      'questions.ref',
      'questions.text',
      'questions.answer',
      'questions.answered_at',
      'questions.answer_hidden',
      'questions.asker_id',
      'questions.created_at',
      'users.first_name as asker_first_name',
    ])
    .orderBy('questions.created_at', 'desc')
    .orderBy('questions.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The reports this user made among the given questions, as `${questionId}:${target}`. */
export async function reportsByUser(db: DB, userId: number, questionIds: number[]): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('question_reports')
    .select(['question_id', 'target'])
    .where('user_id', '=', userId)
    .where('question_id', 'in', questionIds)
    .execute();
  return new Set(rows.map((r) => `${r.question_id}:${r.target}`));
}

export async function answerQuestionRow(db: DB, questionId: number, answer: string, at: string) {
  await db
    .updateTable('questions')
    .set({ answer, answered_at: at, answer_hidden: 0 })
    .where('id', '=', questionId)
    .execute();
}

/** Reports of an answer that was replaced no longer apply to the new text. */
export async function deleteReports(db: DB, questionId: number, target: 'q' | 'a') {
  await db
    .deleteFrom('question_reports')
    .where('question_id', '=', questionId)
    .where('target', '=', target)
    .execute();
}

/** Records one report; false when this user had already reported the item. */
export async function insertReportOnce(
  db: DB,
  row: { question_id: number; user_id: number; target: 'q' | 'a'; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('question_reports')
    .values(row)
    .onConflict((oc) => oc.columns(['question_id', 'target', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function countReports(db: DB, questionId: number, target: 'q' | 'a'): Promise<number> {
  const row = await db
    .selectFrom('question_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('question_id', '=', questionId)
    .where('target', '=', target)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hideQuestionItem(db: DB, questionId: number, target: 'q' | 'a') {
  await db
    .updateTable('questions')
    .set(target === 'q' ? { hidden: 1 } : { answer_hidden: 1 })
    .where('id', '=', questionId)
    .execute();
}

export async function countQuestionsSince(db: DB, askerId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('asker_id', '=', askerId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * spec 000 §7 check-first-buy: any booking of this client with this professional that is not
 * cancelled. A 'held' row is only a cart hold (possibly this very purchase), so it does not count.
 */
export async function hasBookingWith(db: DB, clientId: number, professionalId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('client_id', '=', clientId)
    .where('professional_id', '=', professionalId)
    .where('state', 'in', ['pending', 'confirmed', 'done'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The public face of a professional (users of type 1 only). */
export function findProfessionalByRef(db: DB, ref: string) {
  return db
    .selectFrom('users')
    .select(['id', 'ref', 'first_name', 'last_name', 'img', 'country_id', 'time_zone'])
    .where('ref', '=', ref)
    .where('user_type', '=', 1)
    .executeTakeFirst();
}
