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
