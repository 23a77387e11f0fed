// Where the tests that record what Sentry sees install @sentry/node 11 (Node >= 20.19): a set of its own (bench/lib/isolated-packages.ts).
import path from 'node:path'

export const SENTRY_PACKAGES = path.join(__dirname, 'sentry-packages')
