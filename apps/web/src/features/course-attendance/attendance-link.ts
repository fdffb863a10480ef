/** The public refs the server puts in the entry link (the contract's Ref). */
const refPattern = /^[A-Za-z0-9_-]{8,64}$/;
const entryPath = /(?:^|\/)qr-reader-live-date\/([^/]+)\/([^/]+)\/?$/;

export interface AttendanceLink {
  lessonId: string;
  userId: string;
}

export function isAttendanceRef(value: string): boolean {
  return refPattern.test(value);
}

/**
 * The lesson and student of an in-person event's entry QR (spec 002 §2 "Live lesson"), which
 * encodes `https://<host>/<country>/<lang>/qr-reader-live-date/<lessonRef>/<studentRef>`. Only
 * the path counts: the host may be another of our domains, and the refs are checked by the
 * server anyway. A bare path is accepted too, for links pasted by hand.
 */
export function parseAttendanceLink(text: string): AttendanceLink | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed, 'https://agendo.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = entryPath.exec(url.pathname);
  if (!match) return null;
  const [, lessonId = '', userId = ''] = match;
  if (!isAttendanceRef(lessonId) || !isAttendanceRef(userId)) return null;
  return { lessonId, userId };
}
