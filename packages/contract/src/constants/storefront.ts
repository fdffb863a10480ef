/** spec 000 §9: questions are loaded 10 at a time. */
export const questionsPageSize = 10;
/** spec 000 §9: a question kept in local storage is sent after login only within 5 minutes. */
export const pendingQuestionWindowMs = 300_000;
/** Distinct reports that hide a question or an answer (our rule; the spec names none). */
export const reportsToHide = 3;
export const questionLimits = { min: 5, max: 500 } as const;
export const answerLimits = { min: 2, max: 1000 } as const;
