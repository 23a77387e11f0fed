// Type-level checks of the parsers' public types: `tsc --noEmit` (npm run typecheck) fails if they break.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../../presets/default'
import parser = require('../../../plugins/parser')

function typedUsage (): void {
  const app = framework()
  app.use(framework.json({ limit: '1mb', strict: false, reviver: (key, value) => value, type: ['json', '+json'] }))
  app.use(framework.raw({ type: (req) => req.headers['content-type'] === 'application/pdf', limit: 1024 }))
  app.use(framework.text({ defaultCharset: 'latin1', inflate: false }))
  app.use(framework.urlencoded({ extended: false, parameterLimit: 50, depth: 4 }))
  app.post('/hook', parser.json({
    verify (req, res, buf, encoding) {
      const text: string = buf.toString(encoding === null ? 'utf8' : 'utf8')
      if (text.length === 0) throw new Error('empty')
    }
  }), (req, res) => { res.end(typeof req.body) })
  app.use(parser.urlencoded({ defaultCharset: 'iso-8859-1', charsetSentinel: true, interpretNumericEntities: true }))

  const options: parser.JsonOptions = { experimentalZstd: true }
  parser.json(options)
  // @ts-expect-error only utf-8 and iso-8859-1 forms are read
  parser.urlencoded({ defaultCharset: 'utf-16' })
  // @ts-expect-error limit is a number or a size string
  framework.json({ limit: true })
  // @ts-expect-error the built-in urlencoded has no charsetSentinel
  framework.urlencoded({ charsetSentinel: true })
  // @ts-expect-error verify is a function
  parser.text({ verify: 'yes' })
  const handler: parser.Handler = parser.raw()
  app.use(handler)
}

describe('body parser types', () => {
  it('compile for typical usage (checked by tsc)', () => {
    assert.equal(typeof typedUsage, 'function')
  })
})
