import type { ModuleFree } from '../constants/courses.ts';

/** spec 002 §2: the texts a locked module shows. */
export const lockedModuleText = 'Podrás acceder al contenido una vez realices el pago.';
export function buyModulePrompt(moduleTitle: string): string {
  return `Debes contratar el módulo ${moduleTitle} para poder acceder a este y otros capítulos que contenga.`;
}
/** spec 002 §1, 001 §4: what the owner sees on a module clients must buy. */
export const ownerMustBuyBadge = 'Los usuarios deben contratar este módulo';

export interface ModuleAccessInput {
  /** The viewer is the seller (their own id, or the corporate account they act for). */
  isOwner: boolean;
  /** The module's setting: 0 open, 1 sold with cart, 2 sold from the course page only. */
  moduleFree: ModuleFree;
  /** The viewer's purchase of this module: none, waiting for cash/transfer, or paid. */
  purchase: 'none' | 'pending' | 'paid';
  /** The enrolment's access period ended (limitTime), spec 000 §4 PERIODO VENCIDO. */
  periodExpired: boolean;
}

/**
 * spec 002 §4 "Module access" and 001 §4 "Live-lesson visibility": the moduleFree a viewer
 * receives. The owner always sees the content (with a badge when clients must buy it); an open
 * module is open to everyone; a sold one opens once paid and while the period lasts. A pending
 * cash or transfer purchase keeps it locked (spec 000 §4: module entry is disabled while a
 * priced workshop is unpaid) without offering the cart again.
 */
export function moduleAccessOf(input: ModuleAccessInput): {
  moduleFree: ModuleFree;
  ownerBadge: boolean;
} {
  if (input.isOwner) return { moduleFree: 0, ownerBadge: input.moduleFree !== 0 };
  if (input.periodExpired) return { moduleFree: 2, ownerBadge: false };
  if (input.moduleFree === 0) return { moduleFree: 0, ownerBadge: false };
  if (input.purchase === 'paid') return { moduleFree: 0, ownerBadge: false };
  if (input.purchase === 'pending') return { moduleFree: 2, ownerBadge: false };
  return { moduleFree: input.moduleFree, ownerBadge: false };
}
