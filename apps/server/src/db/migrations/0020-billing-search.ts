import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { foldSql } from '../search-fold.ts';
import { columnAdder, index } from './column-helpers.ts';

/**
 * The sales table's paging, sorting and search read one row per sale (issue 14: a professional
 * with 20,000 sales gets the first page fast). What the table filters and sorts on used to be
 * computed per request from five joined tables (bookings, contacts, users, payouts, payments)
 * for every sale of the professional; each sale now keeps it, and triggers keep it true on
 * every write, whichever module writes:
 *
 * - consult_at: the consultation date shown (the appointment's start, else the sale's date);
 * - listed: 0 for what the table never shows (a cart still held, an appointment that lapsed
 *   before anyone paid, a card balance payment the provider has not approved: the debts it
 *   pays are listed already), else 1;
 * - client_key: the client's name folded (search-fold.ts), the 'client' sort;
 * - search_text: the searched fields of spec 001 §2.3 folded and joined by spaces (client,
 *   title, the modality and service words, sell id, approved pay ids, cashout id, date). A
 *   search word never holds a space, so it never matches across two fields.
 *
 * Triggers rather than code in each module: names, appointments and payments change in a
 * dozen places (profile, contact form, reschedule, webhooks, payouts), and a missed one would
 * make a sale unfindable without anyone noticing. On PostgreSQL the derived values are computed
 * in a BEFORE trigger on the sale itself; a change elsewhere "touches" the sales it feeds
 * (`set contact_id = contact_id`), which fires that trigger after the sale's row lock is held,
 * so its reads see every committed change (two concurrent writers never leave stale text).
 */

/** The derived columns, as SQL over the sale row `r` ('new' in a PostgreSQL trigger, 'sales' in an UPDATE). */
function derived(
  r: string,
  dialect: Dialect,
): Record<'consult_at' | 'listed' | 'client_key' | 'search_text', string> {
  const booking = (column: string) => `(select b.${column} from bookings b where b.id = ${r}.booking_id)`;
  const consultAt = `coalesce(${booking('starts_at')}, ${r}.created_at)`;
  const listed = `case
    when exists (select 1 from bookings b where b.id = ${r}.booking_id and b.state = 'held') then 0
    when ${r}.kind = 'balance-payment' and ${r}.state = 'pending' then 0
    when ${r}.state <> 'void' then 1
    when exists (select 1 from bookings b where b.id = ${r}.booking_id
      and b.cancel_reason is not null and b.cancel_reason <> 'expired') then 1
    else 0 end`;
  // The contact when the sale has one, else the buying account (as the table shows it).
  const clientName = `coalesce(
    (select c.first_name || ' ' || c.last_name from contacts c where c.id = ${r}.contact_id),
    (select u.first_name || ' ' || u.last_name from users u where u.id = ${r}.buyer_id), '')`;
  const modality = `case when ${r}.kind = 'module' then 'curso' when ${booking('modality_id')} = 2 then 'presencial' else 'online' end`;
  const service = `case when ${r}.kind = 'module' then 'curso' else 'sesion' end`;
  const refs = dialect === 'postgres' ? `string_agg(p.ref, ' ')` : `group_concat(p.ref, ' ')`;
  const payRefs = `coalesce((select ${refs} from payments p where p.sale_id = ${r}.id and p.state = 'approved'), '')`;
  const payoutRef = `coalesce((select po.ref from payouts po where po.id = ${r}.payout_id), '')`;
  // The date as the search reads it (yyyy-mm-dd): a time of day in UTC would only add bytes to scan.
  const date = `substr(${consultAt}, 1, 10)`;
  const fields = [clientName, `${r}.description`, modality, service, `${r}.ref`, payRefs, payoutRef, date];
  return {
    consult_at: consultAt,
    listed,
    client_key: foldSql(clientName),
    search_text: foldSql(fields.join(` || ' ' || `)),
  };
}

/** The sale's own columns the derived ones read; writing any of them refreshes the row. */
const sourceColumns =
  'state, kind, ref, description, contact_id, buyer_id, booking_id, payout_id, created_at';

/**
 * Where what feeds a sale lives elsewhere: the table, the columns read, when a change matters
 * (`d` is the dialect's "is distinct from"), and how to touch the sales it feeds (assigning a
 * source column to itself fires the sale's own trigger). An appointment's state matters only
 * to and from 'held' (a cart is not listed); its confirmations and completions touch nothing.
 */
const feeds = [
  {
    table: 'contacts',
    columns: 'first_name, last_name',
    when: (d: string) => `old.first_name ${d} new.first_name or old.last_name ${d} new.last_name`,
    touch: 'contact_id = contact_id where contact_id = new.id',
  },
  {
    table: 'users',
    columns: 'first_name, last_name',
    when: (d: string) => `old.first_name ${d} new.first_name or old.last_name ${d} new.last_name`,
    touch: 'buyer_id = buyer_id where buyer_id = new.id',
  },
  {
    table: 'bookings',
    columns: 'starts_at, modality_id, state, cancel_reason',
    when: (d: string) =>
      `old.starts_at ${d} new.starts_at or old.modality_id ${d} new.modality_id
        or (old.state = 'held') ${d} (new.state = 'held') or old.cancel_reason ${d} new.cancel_reason`,
    touch: 'booking_id = booking_id where booking_id = new.id',
  },
] as const;

/** A payment feeds its sale's search (its ref, the pay id) only while approved. */
const paymentMatters = (d: string) =>
  `(old.state = 'approved' or new.state = 'approved')
    and (old.state ${d} new.state or old.ref ${d} new.ref or old.sale_id ${d} new.sale_id)`;

const triggerNames = {
  sqlite: [
    'sales_billing_insert',
    'sales_billing_update',
    ...feeds.map((f) => `${f.table}_billing_touch`),
    'payments_billing_insert',
    'payments_billing_update',
    'payments_billing_delete',
  ],
  postgres: [
    ['sales_billing_derive', 'sales'],
    ...feeds.map((f) => [`${f.table}_billing_touch`, f.table] as const),
    ['payments_billing_insert', 'payments'],
    ['payments_billing_update', 'payments'],
    ['payments_billing_delete', 'payments'],
  ],
  postgresFunctions: [
    'sales_billing_derive',
    ...feeds.map((f) => `${f.table}_billing_touch`),
    'payments_billing_touch',
  ],
} as const;

async function sqliteTriggers(db: Kysely<unknown>) {
  const set = Object.entries(derived('sales', 'sqlite'))
    .map(([column, expression]) => `${column} = ${expression}`)
    .join(',\n');
  const statements = [
    `create trigger sales_billing_insert after insert on sales begin
      update sales set ${set} where id = new.id; end`,
    `create trigger sales_billing_update after update of ${sourceColumns} on sales begin
      update sales set ${set} where id = new.id; end`,
    ...feeds.map(
      (f) => `create trigger ${f.table}_billing_touch after update of ${f.columns} on ${f.table}
        when ${f.when('is not')} begin update sales set ${f.touch}; end`,
    ),
    `create trigger payments_billing_insert after insert on payments when new.state = 'approved' begin
      update sales set ref = ref where id = new.sale_id; end`,
    `create trigger payments_billing_update after update of state, ref, sale_id on payments
      when ${paymentMatters('is not')} begin
      update sales set ref = ref where id in (old.sale_id, new.sale_id); end`,
    `create trigger payments_billing_delete after delete on payments when old.state = 'approved' begin
      update sales set ref = ref where id = old.sale_id; end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  const assign = Object.entries(derived('new', 'postgres'))
    .map(([column, expression]) => `new.${column} := ${expression};`)
    .join('\n');
  const statements = [
    `create function sales_billing_derive() returns trigger language plpgsql as $$
      begin ${assign} return new; end $$`,
    `create trigger sales_billing_derive before insert or update of ${sourceColumns} on sales
      for each row execute function sales_billing_derive()`,
    ...feeds.flatMap((f) => [
      `create function ${f.table}_billing_touch() returns trigger language plpgsql as $$
        begin update sales set ${f.touch}; return null; end $$`,
      `create trigger ${f.table}_billing_touch after update of ${f.columns} on ${f.table}
        for each row when (${f.when('is distinct from')}) execute function ${f.table}_billing_touch()`,
    ]),
    `create function payments_billing_touch() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then update sales set ref = ref where id = old.sale_id; end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.sale_id <> old.sale_id) then
          update sales set ref = ref where id = new.sale_id;
        end if;
        return null;
      end $$`,
    `create trigger payments_billing_insert after insert on payments
      for each row when (new.state = 'approved') execute function payments_billing_touch()`,
    `create trigger payments_billing_update after update of state, ref, sale_id on payments
      for each row when (${paymentMatters('is distinct from')}) execute function payments_billing_touch()`,
    `create trigger payments_billing_delete after delete on payments
      for each row when (old.state = 'approved') execute function payments_billing_touch()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * The schema pg_trgm lives in, installing it (into public) when the server may; null when it
 * cannot be had, and then the search scans the professional's index range without it. One
 * migrating app at a time looks (test files migrate their own schemas in parallel, and two
 * concurrent CREATE EXTENSION collide).
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  await sql`select pg_advisory_xact_lock(7301401417)`.execute(db);
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  if (installed.rows[0]) return installed.rows[0].schema;
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return null;
  const target = await sql<{ schema: string }>`
    select coalesce((select nspname from pg_namespace where nspname = 'public'), current_schema()) as schema`.execute(
    db,
  );
  const schema = target.rows[0]?.schema ?? 'public';
  // Without the privilege (not a trusted install) the search still works, only without the index.
  await sql`savepoint agendo_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema ${sql.id(schema)}`.execute(db);
  } catch {
    await sql`rollback to savepoint agendo_trgm`.execute(db);
    return null;
  }
  await sql`release savepoint agendo_trgm`.execute(db);
  return schema;
}

export function billingSearch(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const addToSales = columnAdder(db, 'sales');
      await addToSales('consult_at', 'varchar(32)', (c) => c.notNull().defaultTo(''));
      await addToSales('listed', 'integer', (c) => c.notNull().defaultTo(1));
      await addToSales('client_key', 'text', (c) => c.notNull().defaultTo(''));
      await addToSales('search_text', 'text', (c) => c.notNull().defaultTo(''));
      // The touches find a contact's and an appointment's sales through 0017's indexes.
      if (dialect === 'postgres') {
        await postgresTriggers(db);
      } else {
        await sqliteTriggers(db);
      }
      // Every existing sale through its trigger once.
      await sql`update sales set ref = ref`.execute(db);

      // The table's list, one professional's shown sales: in date order with the search text
      // alongside, so the count, the first page and a search read the index alone (a search
      // scans the professional's entries, never the rows, never other professionals' sales);
      // and by client, which also counts them cheaply (the narrower of the two).
      if (dialect === 'postgres') {
        await sql`create index sales_billing_idx on sales (seller_id, listed, consult_at, ref) include (search_text)`.execute(
          db,
        );
      } else {
        await index(db, 'sales_billing_idx', 'sales', [
          'seller_id',
          'listed',
          'consult_at',
          'ref',
          'search_text',
        ]);
      }
      await index(db, 'sales_billing_client_idx', 'sales', ['seller_id', 'listed', 'client_key', 'ref']);
      if (dialect === 'postgres') {
        // A rare word (a sell id, a pay id, a date, a name that is not there) is found by its
        // trigrams instead of scanning the professional's entries.
        const trgm = await trigramSchema(db);
        if (trgm) {
          await sql`create index sales_search_trgm_idx on sales using gin (search_text ${sql.id(trgm)}.gin_trgm_ops)`.execute(
            db,
          );
        }
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const [trigger, table] of triggerNames.postgres) {
          await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
        }
        for (const fn of triggerNames.postgresFunctions)
          await sql.raw(`drop function if exists ${fn}()`).execute(db);
        await sql`drop index if exists sales_search_trgm_idx`.execute(db);
      } else {
        for (const trigger of triggerNames.sqlite)
          await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
      }
      await db.schema.dropIndex('sales_billing_client_idx').execute();
      await db.schema.dropIndex('sales_billing_idx').execute();
      for (const column of ['search_text', 'client_key', 'listed', 'consult_at']) {
        await db.schema.alterTable('sales').dropColumn(column).execute();
      }
    },
  };
}
