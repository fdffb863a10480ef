import {
  type ImitatedMeeting,
  type ImitationAnswer,
  type ImitationRequest,
  type ImitationStore,
  json,
  random,
} from './imitation-kit.ts';

/** Zoom's meetings API (v2 users/me, users/me/meetings, meetings/<id>), as zoom-meetings.ts calls it. */
export function zoomImitation(
  store: ImitationStore,
  request: ImitationRequest,
  rest: string[],
): ImitationAnswer {
  const { bearerAccount, load, save } = store;
  const account = bearerAccount(request, 'zoom');
  if (!account) return json(401, { code: 124, message: 'Invalid access token.' });
  const s = load();
  s.meetings[account] ??= [];
  const meetings = s.meetings[account];
  const [, what, id, sub] = rest; // v2 users me meetings | v2 meetings <id>
  if (what === 'users' && id === 'me' && sub === undefined && request.method === 'GET')
    return json(200, { id: 'imitacion', email: account });
  if (what === 'users' && id === 'me' && sub === 'meetings' && request.method === 'POST') {
    const body = request.body as { topic?: string; start_time?: string; duration?: number; type?: number };
    if (!body?.start_time || typeof body.duration !== 'number')
      return json(400, { code: 300, message: 'Invalid start_time or duration.' });
    const meetingId = String(80_000_000_000 + Math.floor(Math.random() * 9_999_999_999));
    const password = random(6)
      .replace(/[^A-Za-z0-9]/g, '7')
      .slice(0, 8);
    const created: ImitatedMeeting = {
      id: meetingId,
      topic: body.topic ?? '',
      startsAt: new Date(body.start_time).toISOString(),
      minutes: body.duration,
      joinUrl: `https://zoom.us/j/${meetingId}?pwd=${password}`,
      password,
    };
    meetings.push(created);
    save();
    return json(201, {
      id: Number(meetingId),
      topic: created.topic,
      start_time: body.start_time,
      duration: created.minutes,
      join_url: created.joinUrl,
      password,
    });
  }
  if (what === 'meetings' && id && request.method === 'DELETE') {
    const index = meetings.findIndex((m) => m.id === id);
    if (index < 0) return json(404, { code: 3001, message: 'Meeting does not exist.' });
    meetings.splice(index, 1);
    save();
    return { status: 204, body: '' };
  }
  return json(404, { code: 404, message: 'Not found' });
}
