import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Vitest's default leaves one core free: on the 2-core test machines that is one worker, and the unit tests took
    // 192 s instead of 132 s with two (measured one after the other; three workers, or threads, were slower again).
    maxWorkers: 2,
  },
})
