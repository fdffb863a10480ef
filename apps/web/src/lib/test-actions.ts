import type { ActionName, InputOf, OutputOf } from '@agendo/contract';
import type { call } from './api.ts';

type Answer<A extends ActionName> =
  | OutputOf<A>
  | Error
  | ((input: InputOf<A>) => OutputOf<A> | Promise<OutputOf<A>>);

/** What each action answers in a component test; the output type is the contract's. */
export type ActionAnswers = { [A in ActionName]?: Answer<A> };

interface CallMock {
  mockImplementation(implementation: typeof call): unknown;
}

/**
 * Web tests answer through the contract (STYLE "Fakes live at the network edge"): an action
 * not listed fails the test, an `Error` is thrown as the call's failure, a function receives
 * the call's input. A schema change breaks the test at compile time.
 */
export function answerActions(mock: CallMock, answers: ActionAnswers): void {
  mock.mockImplementation(async <A extends ActionName>(name: A, input: InputOf<A>) => {
    // The table is typed per action above; one lookup by name loses that link (TS2590 otherwise).
    const table: Partial<Record<string, unknown>> = answers;
    const answer = table[name];
    if (answer === undefined) throw new Error(`unexpected call of ${name}`);
    if (answer instanceof Error) throw answer;
    const output =
      typeof answer === 'function' ? await (answer as (i: InputOf<A>) => unknown)(input) : answer;
    return output as OutputOf<A>;
  });
}

type WithoutStatus<T> = T extends unknown ? Omit<T, 'status'> : never;

/**
 * The bodies of successful answers, typed by the contract, without their `status: '200'`; a
 * function is asked on every call (for a body the test changes between calls).
 */
export type OkBodies = {
  [A in ActionName]?: WithoutStatus<OutputOf<A>> | ((input: InputOf<A>) => WithoutStatus<OutputOf<A>>);
};

/**
 * answerActions for tests whose every call succeeds: each body is answered with status 200 (the
 * body is still checked against the contract's output, so a changed schema breaks the test).
 */
export function answerOk(mock: CallMock, bodies: OkBodies): void {
  const table: Record<string, unknown> = {};
  for (const [name, body] of Object.entries(bodies)) {
    table[name] =
      typeof body === 'function'
        ? (input: unknown) => ({ status: '200', ...(body as (i: unknown) => object)(input) })
        : { status: '200', ...body };
  }
  answerActions(mock, table as ActionAnswers);
}
