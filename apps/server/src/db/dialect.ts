/** The two databases the same code and migrations run on (ARCHITECTURE §1). */
export type Dialect = 'sqlite' | 'postgres';
