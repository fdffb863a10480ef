import type { Generated } from 'kysely';

/** Tables of the storefront slice: questions on a publication and their reports. */
export interface StorefrontTables {
  questions: QuestionsTable;
  question_reports: QuestionReportsTable;
}

export interface QuestionsTable {
  id: Generated<number>;
  ref: string;
  publication_id: number;
  /** The publication's owner, kept here so ownership checks need no join. */
  professional_id: number;
  asker_id: number;
  text: string;
  answer: string | null;
  answered_at: string | null;
  /** Hidden after enough reports (reportsToHide); a hidden question is gone for everyone. */
  hidden: Generated<number>;
  /** The answer alone was hidden by reports; the professional may answer again. */
  answer_hidden: Generated<number>;
  created_at: string;
}

/** One row per user and reported item: target 'q' is the question, 'a' its answer. */
export interface QuestionReportsTable {
  id: Generated<number>;
  question_id: number;
  user_id: number;
  target: 'q' | 'a';
  created_at: string;
}
