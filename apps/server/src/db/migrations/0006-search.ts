import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

export function search(_dialect: Dialect): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
