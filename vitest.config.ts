import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          globalSetup: ['tests/support/test-folders.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          globalSetup: ['tests/support/test-folders.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real processes on loopback (sqld, Redis, two app processes): run alone by `npm run test:cluster`.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          globalSetup: ['tests/support/test-folders.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
})
