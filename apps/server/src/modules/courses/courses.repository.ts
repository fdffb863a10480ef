import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type {
  CertificatesTable,
  EnrolmentsTable,
  ModulePurchasesTable,
  QuizAttemptsTable,
  QuizQuestionsTable,
  QuizzesTable,
  WorkshopLessonsTable,
  WorkshopModulesTable,
  WorkshopsTable,
} from '../../db/tables/courses.ts';

export type WorkshopRow = Selectable<WorkshopsTable>;
export type ModuleRow = Selectable<WorkshopModulesTable>;
export type LessonRow = Selectable<WorkshopLessonsTable>;
export type QuizRow = Selectable<QuizzesTable>;
export type QuestionRow = Selectable<QuizQuestionsTable>;
export type EnrolmentRow = Selectable<EnrolmentsTable>;
export type PurchaseRow = Selectable<ModulePurchasesTable>;
export type AttemptRow = Selectable<QuizAttemptsTable>;

// ---- workshops

export function findWorkshopByRef(db: DB, ref: string) {
  return db
    .selectFrom('workshops')
    .selectAll()
    .where('ref', '=', ref)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findWorkshopById(db: DB, id: number) {
  return db.selectFrom('workshops').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listWorkshopsOfUser(db: DB, userId: number) {
  return db
    .selectFrom('workshops')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .execute();
}

export async function insertWorkshop(db: DB, row: Insertable<WorkshopsTable>): Promise<number> {
  return insertReturningId(db, 'workshops', row);
}

export async function updateWorkshop(db: DB, id: number, changes: Updateable<WorkshopsTable>) {
  await db.updateTable('workshops').set(changes).where('id', '=', id).execute();
}

/** Students (enrolments) per workshop, for the professional's list. */
export async function countStudents(db: DB, workshopIds: number[]): Promise<Map<number, number>> {
  if (workshopIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('enrolments')
    .select(['workshop_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workshop_id', 'in', workshopIds)
    .groupBy('workshop_id')
    .execute();
  return new Map(rows.map((r) => [r.workshop_id, Number(r.n)]));
}

// ---- modules and lessons

export function listModules(db: DB, workshopId: number) {
  return db
    .selectFrom('workshop_modules')
    .selectAll()
    .where('workshop_id', '=', workshopId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function listModulesOfWorkshops(db: DB, workshopIds: number[]) {
  if (workshopIds.length === 0) return Promise.resolve([] as ModuleRow[]);
  return db
    .selectFrom('workshop_modules')
    .selectAll()
    .where('workshop_id', 'in', workshopIds)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findModuleByRef(db: DB, ref: string) {
  return db
    .selectFrom('workshop_modules')
    .selectAll()
    .where('ref', '=', ref)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findModuleById(db: DB, id: number) {
  return db.selectFrom('workshop_modules').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A module somebody bought (or is paying) must not disappear from under them. */
export async function hasLivePurchases(db: DB, moduleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('module_purchases')
    .select('id')
    .where('module_id', '=', moduleId)
    .where('state', 'in', ['pending', 'paid'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertModule(db: DB, row: Insertable<WorkshopModulesTable>): Promise<number> {
  return insertReturningId(db, 'workshop_modules', row);
}

export async function updateModule(db: DB, id: number, changes: Updateable<WorkshopModulesTable>) {
  await db.updateTable('workshop_modules').set(changes).where('id', '=', id).execute();
}

export function listLessonsOfModules(db: DB, moduleIds: number[]) {
  if (moduleIds.length === 0) return Promise.resolve([] as LessonRow[]);
  return db
    .selectFrom('workshop_lessons')
    .selectAll()
    .where('module_id', 'in', moduleIds)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findLessonByRef(db: DB, ref: string) {
  return db
    .selectFrom('workshop_lessons')
    .selectAll()
    .where('ref', '=', ref)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findLessonById(db: DB, id: number) {
  return db.selectFrom('workshop_lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertLesson(db: DB, row: Insertable<WorkshopLessonsTable>): Promise<number> {
  return insertReturningId(db, 'workshop_lessons', row);
}

export async function updateLesson(db: DB, id: number, changes: Updateable<WorkshopLessonsTable>) {
  await db.updateTable('workshop_lessons').set(changes).where('id', '=', id).execute();
}

/** Lessons still in a live course that use the quiz (deleting their module or course frees it). */
export async function countLessonsUsingQuiz(db: DB, quizId: number): Promise<number> {
  const row = await db
    .selectFrom('workshop_lessons as l')
    .innerJoin('workshop_modules as m', 'm.id', 'l.module_id')
    .innerJoin('workshops as w', 'w.id', 'm.workshop_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('l.quiz_id', '=', quizId)
    .where('l.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .where('w.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- quizzes

export function findQuizByRef(db: DB, ref: string) {
  return db
    .selectFrom('quizzes')
    .selectAll()
    .where('ref', '=', ref)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findQuizById(db: DB, id: number) {
  return db.selectFrom('quizzes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listQuizzesOfUser(db: DB, userId: number) {
  return db
    .selectFrom('quizzes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export async function insertQuiz(db: DB, row: Insertable<QuizzesTable>): Promise<number> {
  return insertReturningId(db, 'quizzes', row);
}

export async function updateQuiz(db: DB, id: number, changes: Updateable<QuizzesTable>) {
  await db.updateTable('quizzes').set(changes).where('id', '=', id).execute();
}

export function listQuestions(db: DB, quizIds: number[]) {
  if (quizIds.length === 0) return Promise.resolve([] as QuestionRow[]);
  return db
    .selectFrom('quiz_questions')
    .selectAll()
    .where('quiz_id', 'in', quizIds)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findQuestionByRef(db: DB, ref: string) {
  return db
    .selectFrom('quiz_questions')
    .selectAll()
    .where('ref', '=', ref)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertQuestion(db: DB, row: Insertable<QuizQuestionsTable>): Promise<number> {
  return insertReturningId(db, 'quiz_questions', row);
}

export async function updateQuestion(db: DB, id: number, changes: Updateable<QuizQuestionsTable>) {
  await db.updateTable('quiz_questions').set(changes).where('id', '=', id).execute();
}

export function listOptions(db: DB, questionIds: number[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('quiz_options')
    .selectAll()
    .where('question_id', 'in', questionIds)
    .orderBy('position')
    .execute();
}

/** Options are replaced as a whole with their question (new refs: an old answer can't match). */
export async function replaceOptions(
  db: DB,
  questionId: number,
  options: { ref: string; answer: string; correct: boolean }[],
) {
  await db.deleteFrom('quiz_options').where('question_id', '=', questionId).execute();
  await db
    .insertInto('quiz_options')
    .values(
      options.map((o, position) => ({
        ref: o.ref,
        question_id: questionId,
        position,
        answer: o.answer,
        correct: o.correct ? 1 : 0,
      })),
    )
    .execute();
}

// ---- enrolments, purchases, progress

export function findEnrolment(db: DB, workshopId: number, userId: number) {
  return db
    .selectFrom('enrolments')
    .selectAll()
    .where('workshop_id', '=', workshopId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findEnrolmentByRef(db: DB, ref: string) {
  return db.selectFrom('enrolments').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export function listEnrolmentsOfUser(db: DB, userId: number) {
  return db
    .selectFrom('enrolments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export function listEnrolmentsOfSeller(db: DB, sellerId: number) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('workshops as w', 'w.id', 'e.workshop_id')
    .selectAll('e')
    .where('w.user_id', '=', sellerId)
    .orderBy('e.created_at', 'desc')
    .execute();
}

export async function insertEnrolment(db: DB, row: Insertable<EnrolmentsTable>): Promise<void> {
  // Two first clicks at once must not enrol twice: the unique (workshop, user) pair decides.
  await db
    .insertInto('enrolments')
    .values(row)
    .onConflict((oc) => oc.columns(['workshop_id', 'user_id']).doNothing())
    .execute();
}

export async function updateEnrolment(db: DB, id: number, changes: Updateable<EnrolmentsTable>) {
  await db.updateTable('enrolments').set(changes).where('id', '=', id).execute();
}

export function listPurchases(db: DB, userId: number, moduleIds: number[]) {
  if (moduleIds.length === 0) return Promise.resolve([] as PurchaseRow[]);
  return db
    .selectFrom('module_purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .where('module_id', 'in', moduleIds)
    .where('state', '!=', 'void')
    .orderBy('id')
    .execute();
}

export function findPurchaseByRef(db: DB, ref: string) {
  return db.selectFrom('module_purchases').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export function findPurchaseById(db: DB, id: number) {
  return db.selectFrom('module_purchases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPurchase(db: DB, row: Insertable<ModulePurchasesTable>): Promise<number> {
  return insertReturningId(db, 'module_purchases', row);
}

/** Conditional update: answers false when the purchase was not in one of `from` (idempotence). */
export async function updatePurchase(
  db: DB,
  id: number,
  changes: Updateable<ModulePurchasesTable>,
  from: PurchaseRow['state'][],
): Promise<boolean> {
  const result = await db
    .updateTable('module_purchases')
    .set(changes)
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function linkSaleToPurchase(db: DB, saleId: number, purchaseId: number) {
  await db.updateTable('sales').set({ module_purchase_id: purchaseId }).where('id', '=', saleId).execute();
}

export function listCompletions(db: DB, userId: number, lessonIds: number[]) {
  if (lessonIds.length === 0) return Promise.resolve([] as { lesson_id: number }[]);
  return db
    .selectFrom('lesson_completions')
    .select('lesson_id')
    .where('user_id', '=', userId)
    .where('lesson_id', 'in', lessonIds)
    .execute();
}

export async function insertCompletion(db: DB, lessonId: number, userId: number, at: string) {
  await db
    .insertInto('lesson_completions')
    .values({ lesson_id: lessonId, user_id: userId, completed_at: at })
    .onConflict((oc) => oc.columns(['lesson_id', 'user_id']).doNothing())
    .execute();
}

// ---- quiz attempts

export async function insertAttempt(db: DB, row: Insertable<QuizAttemptsTable>) {
  await db.insertInto('quiz_attempts').values(row).execute();
}

export function findAttemptByRef(db: DB, ref: string) {
  return db.selectFrom('quiz_attempts').selectAll().where('ref', '=', ref).executeTakeFirst();
}

/** Writes an answer only if the attempt is still the one we read (no lost update on a double send). */
export async function updateAttempt(
  db: DB,
  attempt: AttemptRow,
  changes: Updateable<QuizAttemptsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('quiz_attempts')
    .set(changes)
    .where('id', '=', attempt.id)
    .where('answers', '=', attempt.answers)
    .where('outcome', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function hasPassedAttempt(db: DB, userId: number, lessonId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select('id')
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .where('outcome', '=', 'passed')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- certificates and attendance

export function findCertificateOfEnrolment(db: DB, enrolmentId: number) {
  return db.selectFrom('certificates').selectAll().where('enrolment_id', '=', enrolmentId).executeTakeFirst();
}

export function findCertificateByRef(db: DB, ref: string) {
  return db
    .selectFrom('certificates as c')
    .innerJoin('enrolments as e', 'e.id', 'c.enrolment_id')
    .innerJoin('workshops as w', 'w.id', 'e.workshop_id')
    .selectAll('c')
    .select(['e.user_id as student_id', 'w.user_id as seller_id', 'w.ref as course_ref'])
    .where('c.ref', '=', ref)
    .executeTakeFirst();
}

export async function insertCertificate(db: DB, row: Insertable<CertificatesTable>) {
  await db
    .insertInto('certificates')
    .values(row)
    .onConflict((oc) => oc.column('enrolment_id').doNothing())
    .execute();
}

export async function recordAttendance(
  db: DB,
  row: { lesson_id: number; user_id: number; recorded_by: number; recorded_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('live_attendances')
    .values(row)
    .onConflict((oc) => oc.columns(['lesson_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function hasAttended(db: DB, lessonId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('live_attendances')
    .select('lesson_id')
    .where('lesson_id', '=', lessonId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export function findUserIdByRef(db: DB, ref: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('ref', '=', ref)
    .executeTakeFirst();
}
