import { beforeAll, expect, it } from 'vitest';
import { demoPassword, seedDemo } from '../../seed/seed.ts';
import { useTestApp } from '../../test/test-app.ts';
import { fetchFile } from './test/clinical-fixtures.ts';

const t = useTestApp();
beforeAll(async () => {
  await seedDemo(t.deps);
  await seedDemo(t.deps);
});

it('gives the demo professional entries in every clinical tab, with files, once', async () => {
  const rows = await t.deps.db
    .selectFrom('clinical_entries')
    .select(['contact_id', 'area', 'kind'])
    .execute();
  const contacts = new Set(rows.map((r) => r.contact_id));
  expect(contacts.size).toBe(2);
  for (const contactId of contacts) {
    const mine = rows.filter((r) => r.contact_id === contactId);
    const tabs = new Set(mine.map((r) => (r.area === 'background' ? `background-${r.kind}` : r.area)));
    expect([...tabs].sort()).toEqual(
      [
        'allergy',
        'background-1',
        'background-2',
        'complaint',
        'consent',
        'session',
        'study',
        'treatment',
        'vaccine',
      ].sort(),
    );
  }
  expect(rows).toHaveLength(22);

  const login = await t.call('login', { userMail: 'profesional@agendo.test', userPassword: demoPassword });
  const [contact] = [...contacts];
  const ref = await t.deps.db
    .selectFrom('contacts')
    .select('ref')
    .where('id', '=', contact as number)
    .executeTakeFirstOrThrow();
  const studies = await t.call('find-medical-studies', { consId: ref.ref, next: 0 }, login.body.token);
  const files = studies.body.results.flatMap((s: { files: { type: string; link: string }[] }) => s.files);
  expect(files.map((f: { type: string }) => f.type).sort()).toEqual(['image', 'pdf']);
  for (const file of files) expect((await fetchFile(t, login.body.token, file.link)).statusCode).toBe(200);
});
