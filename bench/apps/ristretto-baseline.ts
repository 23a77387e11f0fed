// Another build of Ristretto's default preset, for measuring a change against it in the same run:
// `npm run bench -- --baseline DIR`, DIR a checkout of Ristretto built with `npm run build`.
import path from 'node:path'
import { startExpressStyle, type ExpressLike, type MorganLike } from './express-style'
import type { StartApp } from '../lib/bench-server'

/** The environment variable through which the driver hands the baseline checkout to its server processes. */
export const BASELINE_ENV = 'RISTRETTO_BENCH_BASELINE'

export const start: StartApp = (scenario, ctx) => {
  const dir = process.env[BASELINE_ENV]
  if (!dir) throw new Error(`ristretto-baseline needs ${BASELINE_ENV} (npm run bench -- --baseline DIR)`)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const framework = require(path.resolve(dir, 'dist', 'presets', 'default')) as ExpressLike
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const logger = require(path.resolve(dir, 'dist', 'plugins', 'logger')) as MorganLike
  return startExpressStyle(framework, logger, scenario, ctx)
}
