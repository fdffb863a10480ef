import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, withRef } from './column-helpers.ts';

/**
 * The courses slice: workshops made of ordered modules and lessons (video, PDF, quiz, live),
 * quizzes with their questions and options, the student's enrolment (the workshop
 * "contracting"), module purchases (each one a sales row), lesson completions, quiz attempts
 * graded on the server, certificates and live-event attendance.
 */
export function courses(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withRef(db.schema.createTable('workshops'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('cover', 'varchar(300)')
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('pay_cash', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pay_card', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('hide_price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('no_price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('limit_time', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('limit_time_days', 'integer')
        .addColumn('certificate', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('community_link', 'varchar(500)')
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(timestamps)
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      await index(db, 'workshops_user_idx', 'workshops', ['user_id']);

      await withRef(db.schema.createTable('workshop_modules'), dialect)
        .addColumn('workshop_id', 'integer', (c) => c.notNull().references('workshops.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price_local_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price_inter_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('module_free', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      await index(db, 'workshop_modules_workshop_idx', 'workshop_modules', ['workshop_id', 'position']);

      await withRef(db.schema.createTable('quizzes'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('ok_points', 'integer', (c) => c.notNull())
        .addColumn('time_minutes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)')
        .execute();

      await withRef(db.schema.createTable('quiz_questions'), dialect)
        .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('question', 'varchar(600)', (c) => c.notNull())
        .addColumn('question_type', 'integer', (c) => c.notNull())
        .addColumn('description', 'varchar(2000)')
        .addColumn('image_url', 'varchar(500)')
        .addColumn('video_url', 'varchar(500)')
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)')
        .execute();

      await withRef(db.schema.createTable('quiz_options'), dialect)
        .addColumn('question_id', 'integer', (c) => c.notNull().references('quiz_questions.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('answer', 'varchar(400)', (c) => c.notNull())
        .addColumn('correct', 'integer', (c) => c.notNull())
        .execute();

      await withRef(db.schema.createTable('workshop_lessons'), dialect)
        .addColumn('module_id', 'integer', (c) => c.notNull().references('workshop_modules.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('type_class', 'integer', (c) => c.notNull())
        .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description_private', 'text', (c) => c.notNull())
        .addColumn('video_link', 'varchar(500)')
        .addColumn('video_key', 'varchar(300)')
        .addColumn('video_name', 'varchar(200)')
        .addColumn('pdf_key', 'varchar(300)')
        .addColumn('pdf_name', 'varchar(200)')
        .addColumn('download_pdf', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('quiz_id', 'integer', (c) => c.references('quizzes.id'))
        .addColumn('live_start', 'varchar(32)')
        .addColumn('live_end', 'varchar(32)')
        .addColumn('live_time_zone', 'varchar(64)')
        .addColumn('use_my_video_call', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('platform_video_call', 'integer')
        .addColumn('link_video_call', 'varchar(500)')
        .addColumn('pass_video_call', 'varchar(100)')
        .addColumn('room_id_link', 'varchar(100)')
        .addColumn('address', 'varchar(300)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      await index(db, 'workshop_lessons_module_idx', 'workshop_lessons', ['module_id', 'position']);

      await withRef(db.schema.createTable('enrolments'), dialect)
        .addColumn('workshop_id', 'integer', (c) => c.notNull().references('workshops.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('expires_at', 'varchar(32)')
        .$call(timestamps)
        .addUniqueConstraint('enrolments_workshop_user_uq', ['workshop_id', 'user_id'])
        .execute();
      await index(db, 'enrolments_user_idx', 'enrolments', ['user_id']);

      await withRef(db.schema.createTable('module_purchases'), dialect)
        .addColumn('module_id', 'integer', (c) => c.notNull().references('workshop_modules.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('mode', 'varchar(16)')
        .addColumn('price_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .$call(timestamps)
        .execute();
      await index(db, 'module_purchases_user_module_idx', 'module_purchases', ['user_id', 'module_id']);

      await db.schema
        .createTable('lesson_completions')
        .addColumn('lesson_id', 'integer', (c) => c.notNull().references('workshop_lessons.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('completed_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('lesson_completions_pk', ['lesson_id', 'user_id'])
        .execute();

      await withRef(db.schema.createTable('quiz_attempts'), dialect)
        .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id'))
        .addColumn('lesson_id', 'integer', (c) => c.notNull().references('workshop_lessons.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('deadline', 'varchar(32)', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
        .addColumn('reason', 'varchar(16)')
        .addColumn('finished_at', 'varchar(32)')
        .execute();

      await withRef(db.schema.createTable('certificates'), dialect)
        .addColumn('enrolment_id', 'integer', (c) => c.notNull().unique().references('enrolments.id'))
        .addColumn('student_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('course_title', 'varchar(200)', (c) => c.notNull())
        .addColumn('professional_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('live_attendances')
        .addColumn('lesson_id', 'integer', (c) => c.notNull().references('workshop_lessons.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('recorded_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('live_attendances_pk', ['lesson_id', 'user_id'])
        .execute();

      await db.schema.alterTable('sales').addColumn('module_purchase_id', 'integer').execute();
    },
  };
}
