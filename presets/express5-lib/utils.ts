// `express/lib/utils` of Express 5: Express 4's helpers less those Express 5 removed
// (`isAbsolute`, `flatten`), with its method list and Express 5's `query parser` compiler.
import { METHODS } from 'http'
import utils4 = require('../express-lib/utils')
import { compileQueryParser } from '../../plugins/express5-request/query-parser'

const { etag, wetag, normalizeType, normalizeTypes, compileETag, compileTrust, setCharset } = utils4

/** Express 5's members: Express 4's less those it removed, with `methods`. */
type Utils = Pick<typeof utils4, 'etag' | 'wetag' | 'normalizeType' | 'normalizeTypes' | 'compileETag' | 'compileTrust' | 'setCharset'> & {
  methods: string[]
  compileQueryParser: typeof compileQueryParser
}

const utils: Utils = {
  /** The HTTP methods node knows, lower-cased. */
  methods: METHODS.map((method) => method.toLowerCase()),
  etag,
  wetag,
  normalizeType,
  normalizeTypes,
  compileETag,
  /** The `query parser` setting compiled: `'extended'`, `'simple'`/`true`, `false` or a function. */
  compileQueryParser,
  compileTrust,
  setCharset
}

export = utils
