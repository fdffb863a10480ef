import { DELETION_CONFIRM_WORD, realtimeCloseCodes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp, useTwinTestApps } from '../../test/test-app.ts';
import { connect, pause, type TestSocket, wsUrlOf } from '../../test/ws-client.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import { createCorporateSession } from '../auth/auth.service.ts';

// issue 27: a socket lives as long as the session that opened it. Logout, a password change
// and a closed account end sessions; their sockets close at once with 'session ended', on
// whichever instance holds them, while the account's other sessions keep theirs.

/** Whether the socket is still open after the bus had time to deliver. */
async function stillOpen(socket: TestSocket) {
  await pause(150);
  return socket.socket.readyState === socket.socket.OPEN;
}

/** Sends an action to one instance (a twin has no `call` helper of its own). */
async function callOn(app: FastifyInstance, action: string, input: Record<string, unknown>, token: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/index.php',
    headers: { authorization: `Bearer ${token}` },
    payload: { action, ...input },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
}

function sessionSocketCases(
  setup: () => { t: TestApp; acting: FastifyInstance; urlOfSockets: () => string },
) {
  const open: TestSocket[] = [];
  const join = async (token: string) => {
    const socket = await connect(setup().urlOfSockets(), token);
    open.push(socket);
    return socket;
  };
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });

  it('logout closes the sockets of that session only', async () => {
    const { t, acting } = setup();
    const user = await t.registerUser(2);
    const other = (await t.call('login', { userMail: user.userMail, userPassword: user.userPassword })).body
      .token as string;
    const [first, second, otherSocket] = await Promise.all([join(user.token), join(user.token), join(other)]);

    await callOn(acting, 'logout', {}, user.token);
    expect(await first.closed).toBe(realtimeCloseCodes.sessionEnded);
    expect(await second.closed).toBe(realtimeCloseCodes.sessionEnded);
    expect(await stillOpen(otherSocket)).toBe(true);
    // The closed session cannot open a new one either.
    await expect(connect(setup().urlOfSockets(), user.token)).rejects.toThrow('refused 401');
  });

  it('a password change closes the sockets of every session of the account', async () => {
    const { t, acting } = setup();
    const user = await t.registerUser(2);
    const other = (await t.call('login', { userMail: user.userMail, userPassword: user.userPassword })).body
      .token as string;
    const bystander = await t.registerUser(2);
    const [mine, otherSocket, theirs] = await Promise.all([
      join(user.token),
      join(other),
      join(bystander.token),
    ]);

    const answer = await callOn(
      acting,
      'update-password',
      { currentPassword: user.userPassword, userPassword: 'a brand new passphrase' },
      user.token,
    );
    expect(await mine.closed).toBe(realtimeCloseCodes.sessionEnded);
    expect(await otherSocket.closed).toBe(realtimeCloseCodes.sessionEnded);
    expect(await stillOpen(theirs)).toBe(true);
    // The new session's socket is a new one and stays.
    expect(await stillOpen(await join(answer.token as string))).toBe(true);
  });

  it("closing an account closes its sockets and its team's sockets on it", async () => {
    const { t, acting } = setup();
    const pro = await t.registerUser(1);
    const member = await t.registerUser(1);
    const [owner, teamMember] = await Promise.all([
      findUserByEmail(t.deps.db, pro.userMail),
      findUserByEmail(t.deps.db, member.userMail),
    ]);
    if (!owner || !teamMember) throw new Error('users not found');
    const corporate = await createCorporateSession(t.deps, owner.id, teamMember.id, { contactsChat: true });
    const [own, team, memberOwn] = await Promise.all([join(pro.token), join(corporate), join(member.token)]);

    await callOn(
      acting,
      'request-account-deletion',
      { confirmation: DELETION_CONFIRM_WORD, userPassword: pro.userPassword },
      pro.token,
    );
    expect(await own.closed).toBe(realtimeCloseCodes.sessionEnded);
    expect(await team.closed).toBe(realtimeCloseCodes.sessionEnded);
    // The member's own account is not the one closed.
    expect(await stillOpen(memberOwn)).toBe(true);
  });
}

describe('one instance', () => {
  const t = useTestApp();
  let url: string;
  beforeAll(async () => {
    url = await wsUrlOf(t.app);
  });
  sessionSocketCases(() => ({ t, acting: t.app, urlOfSockets: () => url }));
});

// The sockets are held by one instance and the sessions end through the other: only the bus
// (Redis) can tell the first one. The embedded mode is one instance by definition.
describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing the database and Redis', () => {
  const twins = useTwinTestApps();
  sessionSocketCases(() => ({ t: twins.a, acting: twins.a.app, urlOfSockets: () => twins.urlB }));
});
