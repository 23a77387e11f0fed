// Ristretto's express5 preset, written exactly as the Express app is.
import ristretto = require('../../presets/express5')
import logger = require('../../plugins/logger')
import { startExpressStyle, type ExpressLike, type MorganLike } from './express-style'
import type { StartApp } from '../lib/bench-server'

export const start: StartApp = (scenario, ctx) =>
  startExpressStyle(ristretto as unknown as ExpressLike, logger as unknown as MorganLike, scenario, ctx)
