import type { Generated } from 'kysely';

/** Tables of the courses slice (0011). Money is minor units; instants are UTC ISO strings. */
export interface CoursesTables {
  workshops: WorkshopsTable;
  workshop_modules: WorkshopModulesTable;
  workshop_lessons: WorkshopLessonsTable;
  quizzes: QuizzesTable;
  quiz_questions: QuizQuestionsTable;
  quiz_options: QuizOptionsTable;
  enrolments: EnrolmentsTable;
  module_purchases: ModulePurchasesTable;
  lesson_completions: LessonCompletionsTable;
  quiz_attempts: QuizAttemptsTable;
  certificates: CertificatesTable;
  live_attendances: LiveAttendancesTable;
}

export interface WorkshopsTable {
  id: Generated<number>;
  ref: string;
  user_id: number;
  title: string;
  description: string;
  cover: string | null;
  currency: string;
  pay_cash: number;
  pay_card: number;
  hide_price: number;
  no_price: number;
  limit_time: number;
  limit_time_days: number | null;
  certificate: number;
  community_link: string | null;
  paused: number;
  /** 1 when the free plan paused it (migration 0026); an upgrade resumes only these. */
  plan_paused: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface WorkshopModulesTable {
  id: Generated<number>;
  ref: string;
  workshop_id: number;
  position: number;
  title: string;
  description: string;
  price_local_minor: number;
  price_inter_minor: number;
  /** The setting of spec 002 §3 moduleFree: 0 open, 1 sold with cart, 2 sold from the course page. */
  module_free: number;
  created_at: string;
  deleted_at: string | null;
}

export interface WorkshopLessonsTable {
  id: Generated<number>;
  ref: string;
  module_id: number;
  position: number;
  title: string;
  type_class: number;
  duration: number;
  description_private: string;
  video_link: string | null;
  /** Storage keys under the private lessons root; never sent to a browser. */
  video_key: string | null;
  video_name: string | null;
  pdf_key: string | null;
  pdf_name: string | null;
  download_pdf: number;
  quiz_id: number | null;
  live_start: string | null;
  live_end: string | null;
  live_time_zone: string | null;
  use_my_video_call: number;
  platform_video_call: number | null;
  link_video_call: string | null;
  pass_video_call: string | null;
  room_id_link: string | null;
  address: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface QuizzesTable {
  id: Generated<number>;
  ref: string;
  user_id: number;
  title: string;
  ok_points: number;
  time_minutes: number;
  created_at: string;
  deleted_at: string | null;
}

export interface QuizQuestionsTable {
  id: Generated<number>;
  ref: string;
  quiz_id: number;
  position: number;
  question: string;
  question_type: number;
  description: string | null;
  image_url: string | null;
  video_url: string | null;
  points: number;
  deleted_at: string | null;
}

export interface QuizOptionsTable {
  id: Generated<number>;
  ref: string;
  question_id: number;
  position: number;
  answer: string;
  correct: number;
}

export interface EnrolmentsTable {
  id: Generated<number>;
  ref: string;
  workshop_id: number;
  user_id: number;
  /** End of the access period (limitTime); null when the workshop has no limit. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** held: the cart; pending: cash/transfer to collect; paid; void: abandoned or refunded. */
export type ModulePurchaseState = 'held' | 'pending' | 'paid' | 'void';

export interface ModulePurchasesTable {
  id: Generated<number>;
  ref: string;
  module_id: number;
  user_id: number;
  sale_id: number;
  state: ModulePurchaseState;
  mode: 'card' | 'transfer' | 'free' | 'manual' | null;
  price_minor: number;
  currency: string;
  created_at: string;
  updated_at: string;
}

export interface LessonCompletionsTable {
  lesson_id: number;
  user_id: number;
  completed_at: string;
}

export interface QuizAttemptsTable {
  id: Generated<number>;
  ref: string;
  quiz_id: number;
  lesson_id: number;
  user_id: number;
  started_at: string;
  deadline: string;
  /** JSON of QuizProgress['answers']. */
  answers: string;
  points: number;
  correct: number;
  outcome: 'running' | 'passed' | 'failed';
  reason: 'points' | 'answered' | 'time' | null;
  finished_at: string | null;
}

export interface CertificatesTable {
  id: Generated<number>;
  ref: string;
  enrolment_id: number;
  student_name: string;
  course_title: string;
  professional_name: string;
  issued_at: string;
}

export interface LiveAttendancesTable {
  lesson_id: number;
  user_id: number;
  recorded_by: number;
  recorded_at: string;
}
