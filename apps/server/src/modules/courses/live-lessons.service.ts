import {
  isLiveLesson,
  type LiveDate,
  liveRoomOpensMinutesBefore,
  videoCallPlatformName,
} from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { loadQrCode } from '../../lib/heavy-libraries.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { courseContext, lessonAccessible } from './course-context.ts';
import { findUserIdByRef, hasAttended, insertCompletion, recordAttendance } from './courses.repository.ts';
import { ensureEnrolment, lessonContext, type Viewer } from './learning.service.ts';
import { ownLesson } from './workshop-editor.service.ts';

function zoneOrUtc(zone: string | undefined | null): string {
  try {
    if (zone) {
      new Intl.DateTimeFormat('es', { timeZone: zone });
      return zone;
    }
  } catch {
    // fall through
  }
  return 'UTC';
}

function localText(iso: string, zone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('es-AR', { ...options, timeZone: zone }).format(new Date(iso));
}

export async function liveDates(
  deps: AppDeps,
  lessonRef: string,
  viewer: Viewer,
  input: { timezone?: string | undefined; route: { country: string; lang: string } },
): Promise<LiveDate[]> {
  const { lesson, ctx } = await lessonContext(deps, lessonRef, viewer);
  if (!isLiveLesson(lesson.type_class) || !lesson.live_start || !lesson.live_end) return [];
  const open = lessonAccessible(ctx, lesson);
  const viewerAccount = viewer.id !== null ? await accountById(deps.db, viewer.id) : undefined;
  const zone = zoneOrUtc(input.timezone ?? viewerAccount?.time_zone ?? lesson.live_time_zone);
  const now = deps.now().getTime();
  const opens = Date.parse(lesson.live_start) - liveRoomOpensMinutesBefore * 60_000;
  const inPerson = lesson.type_class === 7;
  const useOwnRoom = lesson.type_class === 6 && lesson.use_my_video_call === 1;
  // The entry QR identifies the student at the door; the professional scans it (qr-reader).
  const qrUrl =
    inPerson && open && !ctx.isOwner && viewerAccount
      ? `${deps.config.publicUrl}/${input.route.country}/${input.route.lang}/qr-reader-live-date/${lesson.ref}/${viewerAccount.ref}`
      : null;
  return [
    {
      id: lesson.ref,
      publishTitle: ctx.workshop.title,
      lessonTitle: lesson.title,
      typeClass: lesson.type_class as 6 | 7,
      liveDate: localText(lesson.live_start, zone, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      startDate: localText(lesson.live_start, zone, { dateStyle: 'short', timeStyle: 'short' }),
      endDate: localText(lesson.live_end, zone, { dateStyle: 'short', timeStyle: 'short' }),
      timezone: zone,
      eventTimezone: lesson.live_time_zone ?? zone,
      canEnter: open && useOwnRoom && now >= opens && now <= Date.parse(lesson.live_end),
      useMyVideoCall: asFlag(lesson.use_my_video_call),
      platformVideoCall:
        lesson.type_class === 6 && lesson.use_my_video_call === 0
          ? videoCallPlatformName(lesson.platform_video_call ?? 5)
          : null,
      linkVideoCall: open ? lesson.link_video_call : null,
      passVideoCall: open ? lesson.pass_video_call : null,
      roomIdLink: open ? lesson.room_id_link : null,
      address: open ? lesson.address : null,
      imgQr: qrUrl
        ? await (await loadQrCode()).toDataURL(qrUrl, { errorCorrectionLevel: 'M', margin: 2, width: 280 })
        : null,
      attended: viewer.id !== null && !ctx.isOwner ? await hasAttended(deps.db, lesson.id, viewer.id) : false,
    },
  ];
}

/** The own video room of a live online lesson, as one viewer may use it (issue 17). */
export interface LiveLessonRoom {
  title: string;
  sellerName: string;
  viewerName: string;
  role: 'professional' | 'client';
  startsAt: string;
  endsAt: string;
  opensAt: string;
  state: 'waiting' | 'open' | 'ended';
}

/**
 * course-room/{ref} (spec 002 §2 'Ingresar al evento', issue 17): the room of a live online
 * lesson held in the own room (useMyVideoCall). Its parties are the workshop's professional and
 * the students the lesson is open to; the room is open exactly when find-live-date says canEnter
 * (from a few minutes before the start to the end). Anybody else, an unknown ref and any other
 * lesson answer undefined, so the caller gives the same 404 as a room that does not exist.
 */
export async function liveLessonRoom(
  deps: AppDeps,
  lessonRef: string,
  viewerId: number,
): Promise<LiveLessonRoom | undefined> {
  let found: Awaited<ReturnType<typeof lessonContext>>;
  try {
    found = await lessonContext(deps, lessonRef, { id: viewerId, countryId: null });
  } catch {
    return undefined;
  }
  const { lesson, ctx } = found;
  if (lesson.type_class !== 6 || lesson.use_my_video_call !== 1 || !lesson.live_start || !lesson.live_end) {
    return undefined;
  }
  if (!ctx.isOwner && !lessonAccessible(ctx, lesson)) return undefined;
  const [owner, viewer] = await Promise.all([
    accountById(deps.db, ctx.workshop.user_id),
    accountById(deps.db, viewerId),
  ]);
  const nameOf = (a: typeof owner) => (a ? `${a.first_name} ${a.last_name}`.trim() : '');
  const now = deps.now().getTime();
  const opens = Date.parse(lesson.live_start) - liveRoomOpensMinutesBefore * 60_000;
  const ends = Date.parse(lesson.live_end);
  return {
    title: lesson.title,
    sellerName: nameOf(owner),
    viewerName: nameOf(viewer),
    role: ctx.isOwner ? 'professional' : 'client',
    startsAt: lesson.live_start,
    endsAt: lesson.live_end,
    opensAt: new Date(opens).toISOString(),
    state: now > ends ? 'ended' : now >= opens ? 'open' : 'waiting',
  };
}

/**
 * qr-reader-live-date/{lessonId}/{userId}: the professional scanned a student's entry QR at an
 * in-person event. The student must be one who may open the lesson; attending marks it done.
 */
export async function saveLiveAttendance(
  deps: AppDeps,
  sellerId: number,
  lessonRef: string,
  studentRef: string,
) {
  const { lesson, workshop } = await ownLesson(deps.db, sellerId, lessonRef);
  if (lesson.type_class !== 7) throw new ActionError('E42');
  const student = await findUserIdByRef(deps.db, studentRef);
  if (!student) throw new ActionError('E56');
  const ctx = await courseContext(deps.db, workshop, { id: student.id, countryId: null }, deps.now());
  if (!ctx || ctx.isOwner || !lessonAccessible(ctx, lesson)) throw new ActionError('E56');
  const nowIso = deps.now().toISOString();
  const fresh = await deps.db.transaction().execute(async (tx) => {
    const inserted = await recordAttendance(tx, {
      lesson_id: lesson.id,
      user_id: student.id,
      recorded_by: sellerId,
      recorded_at: nowIso,
    });
    await ensureEnrolment(deps, tx, workshop, student.id);
    await insertCompletion(tx, lesson.id, student.id, nowIso);
    return inserted;
  });
  return {
    studentName: `${student.first_name} ${student.last_name}`.trim(),
    lessonTitle: lesson.title,
    courseTitle: workshop.title,
    alreadyRecorded: !fresh,
  };
}
