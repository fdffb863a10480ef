import { handle } from '../../rpc.ts';
import {
  answer,
  askQuestion,
  isFirstBuy,
  professionalProfile,
  questionsPage,
  report,
  viewerCountry,
} from './storefront.service.ts';

export const storefrontHandlers = [
  handle('find-questions', 'public', async (input, ctx) =>
    questionsPage(ctx.deps.db, input.ref, input.next, ctx.user?.id ?? null),
  ),

  handle('save-question', 'signed-in', async (input, ctx) => {
    const questionRef = await askQuestion(ctx.deps.db, {
      publicationRef: input.ref,
      text: input.question,
      askerId: ctx.user.id,
      now: ctx.deps.now(),
    });
    return { questionRef };
  }),

  handle('answer-question', 'professional', async (input, ctx) => {
    await answer(ctx.deps.db, {
      questionRef: input.ref,
      text: input.answer,
      professionalId: ctx.user.id,
      now: ctx.deps.now(),
    });
    return {};
  }),

  // spec 000 §7: answer 'q' reports the question; any other value reports its answer.
  handle('report-question', 'signed-in', async (input, ctx) => {
    await report(ctx.deps.db, {
      questionRef: input.ref,
      target: input.answer === 'q' ? 'q' : 'a',
      userId: ctx.user.id,
      now: ctx.deps.now(),
    });
    return {};
  }),

  handle('check-first-buy', 'signed-in', async (input, ctx) => ({
    fistBuyBool: await isFirstBuy(ctx.deps.db, input.publishId, ctx.user),
  })),

  handle('find-professional-profile', 'public', async (input, ctx) =>
    professionalProfile(ctx.deps.db, input.ref, await viewerCountry(ctx), ctx.deps.now()),
  ),
];
