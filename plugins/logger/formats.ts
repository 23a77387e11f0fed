// The predefined formats: combined, common, default, short, tiny, and the coloured dev format.
import { compile } from './compile'
import { responseStarted } from './response-started'
import type { CompiledFormatFn, LoggerRequest, LoggerResponse, TokenIndexer } from './types'

/** Standard Apache combined log output. */
export const COMBINED = ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"'
/** Standard Apache common log output. */
export const COMMON = ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]'
/** The old default: combined with the web date layout. Deprecated in favour of combined. */
export const DEFAULT = ':remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"'
/** Shorter than the default, with the response time. */
export const SHORT = ':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms'
/** The minimal output. */
export const TINY = ':method :url :status :res[content-length] - :response-time ms'
/** The dev layout without colours (`NO_COLOR`). */
const DEV_PLAIN = ':method :url :status :response-time ms - :res[content-length]'

/** ANSI colour of a status: red 5xx, yellow 4xx, cyan 3xx, green 2xx, none otherwise (1xx, not started). */
function statusColor (status: number | undefined): number {
  if (status === undefined) return 0
  return status >= 500 ? 31 : status >= 400 ? 33 : status >= 300 ? 36 : status >= 200 ? 32 : 0
}

/** Whether colours are turned off: `NO_COLOR` set to a non-empty value (https://no-color.org). */
function colorDisabled (): boolean {
  const value = process.env.NO_COLOR
  return value !== undefined && value !== ''
}

// One compiled format per colour, built on first use.
const devByColor = new Map<number, CompiledFormatFn>()
let devPlain: CompiledFormatFn | undefined

/**
 * The dev format: `:method :url :status :response-time ms - :res[content-length]`,
 * with the status coloured by its class. Plain when `NO_COLOR` is set.
 */
export function dev (tokens: TokenIndexer, req: LoggerRequest, res: LoggerResponse): string | undefined | null {
  if (colorDisabled()) {
    devPlain ??= compile(DEV_PLAIN)
    return devPlain(tokens, req, res)
  }
  const color = statusColor(responseStarted(res) ? res.statusCode : undefined)
  let fn = devByColor.get(color)
  if (fn === undefined) {
    fn = compile('\x1b[0m:method :url \x1b[' + color + 'm:status\x1b[0m :response-time ms - :res[content-length]\x1b[0m')
    devByColor.set(color, fn)
  }
  return fn(tokens, req, res)
}
