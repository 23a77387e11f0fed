// express@4 with morgan: the reference Ristretto must match byte for byte.
import express from 'express'
import { startExpressStyle, type ExpressLike, type MorganLike } from './express-style'
import type { StartApp } from '../lib/bench-server'

// morgan ships no types (and @types/morgan is not installed): typed here by what the idiom uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const morgan = require('morgan') as MorganLike

export const start: StartApp = (scenario, ctx) =>
  startExpressStyle(express as unknown as ExpressLike, morgan, scenario, ctx)
