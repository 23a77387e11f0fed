// Ristretto's default preset plus opt-in plugins that a request does not use (graceful shutdown,
// with signal handling on): the same app as `ristretto`, to show such plugins cost nothing per request.
import ristretto = require('../../presets/default')
import logger = require('../../plugins/logger')
import { createFramework } from '../../kernel'
import { gracefulShutdownPlugin } from '../../plugins/graceful-shutdown'
import { loggerPlugin } from '../../plugins/logger/plugin'
import { startExpressStyle, type ExpressLike, type MorganLike } from './express-style'
import type { StartApp } from '../lib/bench-server'

const framework = createFramework({
  plugins: [ristretto.plugins, gracefulShutdownPlugin({ signals: true }), loggerPlugin()]
})
// The statics the app reads (json, static, …) come from the default preset's plugins.
export const start: StartApp = (scenario, ctx) =>
  startExpressStyle(framework as unknown as ExpressLike, logger as unknown as MorganLike, scenario, ctx)
