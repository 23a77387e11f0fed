// The urlencoded parse step: qs for the extended syntax, a flat parse otherwise, with the parameter limit.
import type * as QsModule from 'qs'
import querystring from 'querystring'
import createError from 'http-errors'
import { parameterCount } from './parameter-count'

let qsModule: typeof QsModule | undefined
/** qs, required on the first extended parse: it pulls in some thirty modules every app would otherwise load at startup. */
function loadQs (): typeof QsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return qsModule ??= require('qs') as typeof QsModule
}

/** The parse settings, checked and fixed when a parser is created. */
export interface UrlencodedParseSettings {
  /** Nested syntax (`a[b]=c`) through qs; flat keys otherwise. */
  readonly extended: boolean
  readonly parameterLimit: number
  /** Deepest nesting allowed when extended; deeper input is a 400. */
  readonly depth: number
  /** Flat parsing: qs with depth 0 (body-parser 2), or node's querystring (Express 4's built-in). */
  readonly flat: 'qs' | 'querystring'
  readonly charsetSentinel: boolean
  readonly interpretNumericEntities: boolean
}

/** Arrays built from indexes or repeated keys may have at least this many entries. */
const MIN_ARRAY_LIMIT = 100

function tooManyParameters (): createError.HttpError {
  return createError(413, 'too many parameters', { type: 'parameters.too.many' })
}

function depthExceeded (): createError.HttpError {
  return createError(400, 'The input exceeded the depth', { type: 'querystring.parse.rangeError' })
}

/**
 * Compiles the parse step. An empty body gives `{}`. More parameters than `parameterLimit`
 * is a 413 `parameters.too.many`; nesting deeper than `depth` is a 400. `__proto__` keys never
 * reach an object's prototype: qs drops them, querystring's result has no prototype.
 */
export function compileUrlencodedParse (settings: UrlencodedParseSettings) {
  const { extended, parameterLimit, depth, flat, charsetSentinel, interpretNumericEntities } = settings
  const queryOptions = { maxKeys: parameterLimit }

  return function parseUrlencoded (body: string, charset: string | null): object {
    if (body.length === 0) return {}
    const count = parameterCount(body, parameterLimit)
    if (count === undefined) throw tooManyParameters()
    if (!extended && flat === 'querystring') return querystring.parse(body, undefined, undefined, queryOptions)
    try {
      return loadQs().parse(body, {
        allowPrototypes: true,
        // Repeated keys and indexes up to the number of parameters still make arrays.
        arrayLimit: extended ? Math.max(MIN_ARRAY_LIMIT, count) : count,
        depth: extended ? depth : 0,
        strictDepth: true,
        parameterLimit,
        charset: charset === 'iso-8859-1' ? 'iso-8859-1' : 'utf-8',
        charsetSentinel,
        interpretNumericEntities
      })
    } catch (err) {
      if (err instanceof RangeError) throw depthExceeded()
      throw err
    }
  }
}
