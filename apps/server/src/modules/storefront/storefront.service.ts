import { countryIdForBrowserCountry, priceFor, questionsPageSize, reportsToHide } from '@agendo/contract';
import { type DB, inTransaction } from '../../db/database.ts';
import { newRef } from '../../lib/random.ts';
import type { RpcContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import {
  coverImages,
  findPublicationById,
  findPublicationByRef,
  listPublicationsOfProfessional,
  pricingOf,
  therapyOf,
} from '../catalogue/catalogue.service.ts';
import { publicProfileOf } from '../profile/profile.service.ts';
import {
  answerQuestionRow,
  countQuestionsSince,
  countReports,
  countVisibleQuestions,
  deleteReports,
  findProfessionalByRef,
  findQuestionByRef,
  hasBookingWith,
  hideQuestionItem,
  insertQuestion,
  insertReportOnce,
  listVisibleQuestions,
  reportsByUser,
} from './storefront.repository.ts';

/** Questions one user may ask per hour across the site (a brake on spam, not a spec rule). */
export const questionsPerHour = 20;

/** The viewer's country: their account's, else the route's browserCountry (as get-publish does). */
export async function viewerCountry(ctx: RpcContext): Promise<number | null> {
  if (ctx.user) {
    const account = await accountById(ctx.deps.db, ctx.user.id);
    if (account) return account.country_id;
  }
  return ctx.browserCountry ? countryIdForBrowserCountry(ctx.browserCountry) : null;
}

/** spec 000 §7 find-questions: one page (10) of the questions the viewer may see. */
export async function questionsPage(db: DB, publicationRef: string, offset: number, viewerId: number | null) {
  const pub = await findPublicationByRef(db, publicationRef);
  if (!pub) throw new ActionError('E5');
  const isOwner = viewerId !== null && viewerId === pub.user_id;
  const [total, rows] = await Promise.all([
    countVisibleQuestions(db, pub.id, viewerId, isOwner),
    listVisibleQuestions(db, pub.id, viewerId, isOwner, { offset, limit: questionsPageSize }),
  ]);
  const reported =
    viewerId === null
      ? new Set<string>()
      : await reportsByUser(
          db,
          viewerId,
          rows.map((r) => r.id),
        );
  const questions = rows.map((row) => {
    const answerShown = row.answer !== null && row.answer_hidden === 0;
    return {
      ref: row.ref,
      question: row.text,
      askerName: row.asker_first_name,
      date: row.created_at,
      answer: answerShown ? row.answer : null,
      answerDate: answerShown ? row.answered_at : null,
      mine: viewerId !== null && row.asker_id === viewerId,
      reportedQuestion: reported.has(`${row.id}:q`),
      reportedAnswer: reported.has(`${row.id}:a`),
    };
  });
  const nextOffset = offset + rows.length;
  return { questions, next: nextOffset < total ? nextOffset : null, total, isOwner };
}

export async function askQuestion(
  db: DB,
  input: { publicationRef: string; text: string; askerId: number; now: Date },
): Promise<string> {
  const pub = await findPublicationByRef(db, input.publicationRef);
  if (!pub) throw new ActionError('E5');
  if (pub.user_id === input.askerId) throw new ActionError('E4');
  const hourAgo = new Date(input.now.getTime() - 3_600_000).toISOString();
  if ((await countQuestionsSince(db, input.askerId, hourAgo)) >= questionsPerHour)
    throw new ActionError('E6');
  const ref = newRef();
  await insertQuestion(db, {
    ref,
    publication_id: pub.id,
    professional_id: pub.user_id,
    asker_id: input.askerId,
    text: input.text,
    answer: null,
    answered_at: null,
    created_at: input.now.toISOString(),
  });
  return ref;
}

/** Only the professional who owns the publication answers; anyone else gets "not found". */
export async function answer(
  db: DB,
  input: { questionRef: string; text: string; professionalId: number; now: Date },
): Promise<void> {
  const question = await findQuestionByRef(db, input.questionRef);
  if (!question || question.hidden === 1 || question.professional_id !== input.professionalId) {
    throw new ActionError('E12');
  }
  const pub = await findPublicationById(db, question.publication_id);
  if (!pub) throw new ActionError('E12');
  await inTransaction(db, async (tx) => {
    await answerQuestionRow(tx, question.id, input.text, input.now.toISOString());
    // Reports of the previous answer do not apply to the new text.
    await deleteReports(tx, question.id, 'a');
  });
}

/**
 * spec 000 §7 report-question. Each user counts once per item; `reportsToHide` (3) distinct
 * reports hide it. The publication's owner moderates their own page, so their report of a
 * question hides it at once. Reporting one's own question or answer is not counted.
 */
export async function report(
  db: DB,
  input: { questionRef: string; target: 'q' | 'a'; userId: number; now: Date },
): Promise<void> {
  const question = await findQuestionByRef(db, input.questionRef);
  if (!question || question.hidden === 1) throw new ActionError('E12');
  const pub = await findPublicationById(db, question.publication_id);
  if (!pub) throw new ActionError('E12');
  if (input.target === 'a' && (question.answer === null || question.answer_hidden === 1)) return;
  const author = input.target === 'q' ? question.asker_id : question.professional_id;
  if (author === input.userId) return;
  await inTransaction(db, async (tx) => {
    const added = await insertReportOnce(tx, {
      question_id: question.id,
      user_id: input.userId,
      target: input.target,
      created_at: input.now.toISOString(),
    });
    if (!added) return;
    const ownerReport = input.target === 'q' && input.userId === question.professional_id;
    if (ownerReport || (await countReports(tx, question.id, input.target)) >= reportsToHide) {
      await hideQuestionItem(tx, question.id, input.target);
    }
  });
}

/** spec 000 §7 check-first-buy: true while the client has no booking with the publication's professional. */
export async function isFirstBuy(db: DB, publicationRef: string, user: { id: number; userType: 1 | 2 }) {
  const pub = await findPublicationByRef(db, publicationRef);
  if (!pub) throw new ActionError('E5');
  // The first-consult price is for clients; a professional browsing (or the owner) never gets it.
  if (user.userType !== 2) return false;
  return !(await hasBookingWith(db, user.id, pub.user_id));
}

/** professional/{ref}: the public profile with every active (not paused, not deleted) publication. */
export async function professionalProfile(db: DB, ref: string, viewerCountryId: number | null, now: Date) {
  const prof = await findProfessionalByRef(db, ref);
  if (!prof) throw new ActionError('E7');
  const rows = await listPublicationsOfProfessional(db, prof.id, { includePaused: false });
  const covers = await coverImages(
    db,
    rows.map((r) => r.id),
  );
  const publications = rows.map((row) => {
    const price = priceFor(pricingOf(row, prof.time_zone), viewerCountryId, now, false);
    const modalityId = row.modality_id;
    return {
      ref: row.ref,
      title: row.title,
      therapy: therapyOf(row),
      img: covers.get(row.id) ?? null,
      modalityId,
      duration: row.duration_min,
      userPrice: price.state === 'price' ? price.amount : null,
      userOldPrice: price.state === 'price' ? (price.oldAmount ?? null) : null,
      userCurrency: price.currency,
      hidePrice: price.state === 'hidden',
      noPrice: price.state === 'noPrice',
      free: price.state === 'free',
      qtySessions: row.qty_sessions,
    };
  });
  return {
    profRef: prof.ref,
    profName: prof.first_name,
    profLastName: prof.last_name,
    profImg: prof.img,
    profCountry: prof.country_id,
    ...(await publicProfileOf(db, prof.id)),
    userCountry: viewerCountryId,
    publications,
  };
}
