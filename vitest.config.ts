import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      'apps/web/vite.config.ts',
      {
        // issue 13: builds the web app once and holds the public pages to their JS budget.
        test: {
          name: 'web-build',
          root: 'apps/web',
          include: ['src/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
