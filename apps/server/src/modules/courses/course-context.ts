import { isInternationalViewer, type ModuleFree, moduleAccessOf, workshopPanelState } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import { type Account, accountById } from '../accounts/accounts.service.ts';
import {
  type EnrolmentRow,
  findEnrolment,
  type LessonRow,
  listCompletions,
  listLessonsOfModules,
  listModules,
  listPurchases,
  type ModuleRow,
  type PurchaseRow,
  type WorkshopRow,
} from './courses.repository.ts';

export type PurchaseState = 'none' | 'pending' | 'paid';

/**
 * A workshop as one viewer stands in it: its modules and lessons in order, the viewer's
 * enrolment, purchases and completed lessons, and what each module lets them open
 * (rules/module-access.ts). Every course read and write starts from here, so the server never
 * hands out content the same rule would lock.
 */
export interface CourseContext {
  workshop: WorkshopRow;
  owner: Account;
  modules: ModuleRow[];
  lessons: LessonRow[];
  viewerId: number | null;
  isOwner: boolean;
  international: boolean;
  enrolment: EnrolmentRow | undefined;
  periodExpired: boolean;
  purchases: Map<number, PurchaseState>;
  completed: Set<number>;
  access: Map<number, { moduleFree: ModuleFree; ownerBadge: boolean }>;
}

/**
 * A pending purchase wins over a paid one: both exist only when an expired period is
 * re-contracted by cash or transfer, and until that is collected the module must not be sold
 * again (E17) nor open.
 */
export function purchaseStateOf(rows: PurchaseRow[]): PurchaseState {
  if (rows.some((p) => p.state === 'pending')) return 'pending';
  if (rows.some((p) => p.state === 'paid')) return 'paid';
  return 'none';
}

export async function courseContext(
  db: DB,
  workshop: WorkshopRow,
  viewer: { id: number | null; countryId: number | null },
  now: Date,
): Promise<CourseContext | null> {
  const owner = await accountById(db, workshop.user_id);
  if (!owner) return null;
  const modules = await listModules(db, workshop.id);
  // Course order: module by module, then each module's own lesson order.
  const moduleOrder = new Map(modules.map((m, i) => [m.id, i]));
  const lessons = (
    await listLessonsOfModules(
      db,
      modules.map((m) => m.id),
    )
  ).sort((a, b) => (moduleOrder.get(a.module_id) ?? 0) - (moduleOrder.get(b.module_id) ?? 0));
  const isOwner = viewer.id !== null && viewer.id === workshop.user_id;
  const enrolment =
    viewer.id !== null && !isOwner ? await findEnrolment(db, workshop.id, viewer.id) : undefined;
  const periodExpired =
    enrolment?.expires_at !== null &&
    enrolment?.expires_at !== undefined &&
    enrolment.expires_at <= now.toISOString();
  const purchaseRows =
    viewer.id !== null && !isOwner
      ? await listPurchases(
          db,
          viewer.id,
          modules.map((m) => m.id),
        )
      : [];
  const purchases = new Map<number, PurchaseState>(
    modules.map((m) => [m.id, purchaseStateOf(purchaseRows.filter((p) => p.module_id === m.id))]),
  );
  const completedRows =
    viewer.id !== null
      ? await listCompletions(
          db,
          viewer.id,
          lessons.map((l) => l.id),
        )
      : [];
  const access = new Map(
    modules.map((m) => [
      m.id,
      moduleAccessOf({
        isOwner,
        moduleFree: m.module_free as ModuleFree,
        purchase: purchases.get(m.id) ?? 'none',
        periodExpired,
      }),
    ]),
  );
  return {
    workshop,
    owner,
    modules,
    lessons,
    viewerId: viewer.id,
    isOwner,
    international: isInternationalViewer(owner.country_id, viewer.countryId),
    enrolment,
    periodExpired,
    purchases,
    completed: new Set(completedRows.map((r) => r.lesson_id)),
    access,
  };
}

/** What the viewer pays for a module: the local price, or the USD one from another country. */
export function modulePriceFor(ctx: CourseContext, module: ModuleRow): { minor: number; currency: string } {
  return ctx.international
    ? { minor: module.price_inter_minor, currency: 'USD' }
    : { minor: module.price_local_minor, currency: ctx.workshop.currency };
}

export function lessonAccessible(ctx: CourseContext, lesson: LessonRow): boolean {
  return ctx.access.get(lesson.module_id)?.moduleFree === 0;
}

/** The workshop panel of an enrolment (spec 000 §2.6), from its student's context. */
export function panelStateOf(ctx: CourseContext, paidPurchases: PurchaseRow[]) {
  const priced = paidPurchases.filter((p) => p.price_minor > 0 && p.state !== 'void' && p.state !== 'held');
  const unpaid = priced.filter((p) => p.state === 'pending');
  const freeTrial = priced.length === 0 && ctx.modules.some((m) => m.module_free === 0);
  return {
    ...workshopPanelState({
      pricedPurchases: priced.length,
      unpaidPurchases: unpaid.length,
      freeTrial,
      enableCourse: !ctx.periodExpired,
      completed: ctx.lessons.filter((l) => ctx.completed.has(l.id)).length,
      total: ctx.lessons.length,
    }),
    unpaid,
  };
}
