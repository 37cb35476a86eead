import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and emulator suites hold real processes; two cores do not gain from more parallel files.
    maxWorkers: 2,
    pool: 'forks',
  },
});
