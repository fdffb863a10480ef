import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import { createCorporateSession } from './auth.service.ts';

let ownerId: number;
let ownerRef: string;
let memberId: number;

const t = useTestApp();
beforeAll(async () => {
  const owner = await t.registerUser(1);
  const member = await t.registerUser(1);
  const ownerRow = await findUserByEmail(t.deps.db, owner.userMail);
  const memberRow = await findUserByEmail(t.deps.db, member.userMail);
  if (!ownerRow || !memberRow) throw new Error('users not created');
  ownerId = ownerRow.id;
  ownerRef = ownerRow.ref;
  memberId = memberRow.id;
});

describe('corporate sessions (spec 000 §6, ADR 006)', () => {
  it('act on the corporate account: the caller is the owner, not the member', async () => {
    const token = await createCorporateSession(t.deps, ownerId, memberId, { contactsInfo: true });
    const res = await t.call('find-user-data', {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.body.ref).toBe(ownerRef);
  });

  it("never reach the owner's own account actions (password, e-mail, profile)", async () => {
    const token = await createCorporateSession(t.deps, ownerId, memberId, {
      contactsInfo: true,
      contactsClinic: true,
    });
    for (const [action, input] of [
      ['find-user-info', {}],
      ['update-password', { userPassword: 'x', newPassword: 'another long password' }],
      ['change-user-email', { userMail: 'new@example.com', userPassword: 'x' }],
    ] as const) {
      const res = await t.call(action, input, token);
      expect(res.statusCode, action).toBe(403);
      expect(res.body.code).toBe('E403');
    }
  });
});
