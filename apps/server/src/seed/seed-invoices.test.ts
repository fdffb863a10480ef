import type { BillingRow } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { useSeededDemo } from '../test/seeded-demo.ts';
import { seedDemo } from './seed.ts';

const demo = useSeededDemo();

describe('demo invoices (issue 15)', () => {
  it("the demo professional's latest paid sales are invoiced (Factura C through the imitation); older ones offer Facturar", async () => {
    const rows: BillingRow[] = [];
    let next: string | null = null;
    do {
      const res: { body: { rows: BillingRow[]; next: string | null } } = await demo.t.call(
        'find-billing-all',
        { mode: 1, pageSize: 100, ...(next ? { next } : {}) },
        demo.proToken,
      );
      rows.push(...res.body.rows);
      next = res.body.next;
    } while (next);
    const invoiced = rows.filter((r) => r.billLink);
    expect(invoiced).toHaveLength(4);
    expect(rows.some((r) => r.canBill && !r.billLink)).toBe(true);
    const numbers = await demo.t.deps.db
      .selectFrom('invoices')
      .select(['number', 'voucher_type', 'point_of_sale'])
      .execute();
    expect(numbers.map((n) => n.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(new Set(numbers.map((n) => `${n.voucher_type}/${n.point_of_sale}`))).toEqual(new Set(['11/1']));
    const pdf = await demo.t.app.inject({
      method: 'GET',
      url: invoiced[0]?.billLink ?? '',
      headers: { authorization: `Bearer ${demo.proToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Seeding again issues nothing more.
    await seedDemo(demo.t.deps);
    expect(await demo.t.deps.db.selectFrom('invoices').select('id').execute()).toHaveLength(4);
  });
});
