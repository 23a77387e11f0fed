// fastify@5 as in fastify.ts, its responses also carrying the headers Express 4 sends (X-Powered-By,
// the ETag, hello's type): fastify doing the work Ristretto's byte-identical answers do. Context for
// the goals against fastify; not an app the goals are judged on.
import { startFastify } from './fastify'
import { EXPRESS_HEADER_SCENARIOS } from '../scenarios'
import type { StartApp } from '../lib/bench-server'

export const start: StartApp = async (scenario, ctx) =>
  EXPRESS_HEADER_SCENARIOS.includes(scenario) ? startFastify(scenario, ctx, true) : undefined
