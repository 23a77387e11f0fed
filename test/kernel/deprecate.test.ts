import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import request from 'supertest'
import { namespaceOf, reporter } from '../../kernel/deprecate'
import framework from '../../presets/default'
import parser = require('../../plugins/parser')
import { param } from '../../plugins/request/param'

const ROOT = path.resolve(__dirname, '..', '..')

/** The deprecations of `namespace` that `fn` reports, with the file each names as the caller's. */
async function reported (fn: () => unknown, namespace = 'ristretto'): Promise<Array<{ message: string, file: string }>> {
  const seen: Array<{ message: string, file: string }> = []
  const listener = (err: Error & { namespace?: string, stack?: string }): void => {
    if (err.namespace !== namespace) return
    const frame = /at (?:.* \()?(.*?):\d+:\d+\)?$/.exec(String(err.stack).split('\n')[1] ?? '')
    seen.push({ message: err.message, file: frame ? frame[1] : '' })
  }
  process.on('deprecation', listener)
  try { await fn() } finally { process.removeListener('deprecation', listener) }
  return seen
}

/** The framework's modules (kernel, plugins, presets) as paths from the root, with their text. */
function sources (): Array<[file: string, text: string]> {
  return ['kernel', 'plugins', 'presets'].flatMap((dir) =>
    fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
    .filter((f) => /\.m?ts$/.test(f))
    .map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')])
}

describe('the deprecation reporters', () => {
  it('reporter(): under the package\'s name, as the project\'s package.json has no ristretto.deprecationNamespace', async () => {
    const deprecate = reporter()
    const seen = await reported(() => { deprecate('a message') })
    assert.deepEqual(seen.map((s) => s.message), ['a message'])
  })

  it('namespaceOf(manifest): an edition\'s deprecationNamespace, else the name, else nothing', () => {
    assert.equal(namespaceOf({ name: 'ristretto-express', ristretto: { deprecationNamespace: 'express' } }), 'express')
    assert.equal(namespaceOf({ name: 'ristretto' }), 'ristretto')
    assert.equal(namespaceOf({ name: 'ristretto', ristretto: {} }), 'ristretto')
    assert.equal(namespaceOf({ name: 'ristretto', ristretto: { deprecationNamespace: '' } }), 'ristretto')
    assert.equal(namespaceOf({ name: 'ristretto', ristretto: { deprecationNamespace: 42 } }), 'ristretto')
    assert.equal(namespaceOf({ name: 'ristretto', ristretto: 'express' }), 'ristretto')
    assert.equal(namespaceOf({ ristretto: { deprecationNamespace: 'express' } }), 'express')
    for (const junk of [null, undefined, 'express', 42, [], {}, { name: '' }, { name: 7 }]) {
      assert.equal(namespaceOf(junk), undefined, JSON.stringify(junk))
    }
  })

  // depd names as the caller the first frame after those of the module that made the reporter.
  it('depd is called in kernel/deprecate.ts only, besides the parts of morgan, body-parser 1 and router 2, under their names', () => {
    const callers = sources().filter(([, text]) => /\bfrom 'depd'|require\('depd'\)/.test(text))
    assert.deepEqual(callers.map(([file]) => file).sort(), [
      path.join('kernel', 'deprecate.ts'),
      path.join('plugins', 'body-reader', 'framework-parser.ts'),
      path.join('plugins', 'express5-routing', 'settle.ts'),
      path.join('plugins', 'logger', 'logger.ts')
    ])
    const namespaces = callers.flatMap(([, text]) => [...text.matchAll(/\bdepd\(([^)]*)\)/g)].map((m) => m[1])).sort()
    assert.deepEqual(namespaces, ["'body-parser'", "'morgan'", "'router'"])
  })

  it('a module reporting deprecated forms itself makes its own reporter; the shared one only wraps whole members', () => {
    const importsShared = (text: string): boolean => {
      const names = /import \{([^}]*)\} from '(?:\.\.?\/)+(?:kernel\/)?deprecate'/.exec(text)?.[1] ?? ''
      return names.split(',').map((n) => n.trim()).includes('deprecate')
    }
    const shared = sources().filter(([, text]) => importsShared(text))
    assert.ok(shared.length > 0)
    for (const [file, text] of shared) {
      assert.doesNotMatch(text, /const deprecate = /, file)
      assert.deepEqual(text.match(/\bdeprecate\(/g), null, `${file} reports a message with the shared reporter`)
    }
    const own = sources().filter(([, text]) => /const deprecate = (reporter\(\)|depd\(')/.test(text)).map(([file]) => file)
    assert.ok(own.includes(path.join('plugins', 'response', 'send.ts')))
  })

  it('a member reports each of its call sites once, naming the caller, with a message of the arguments (req.param)', async () => {
    const req = { params: { a: 'p' } }
    const seen = await reported(() => {
      for (let i = 0; i < 2; i++) assert.equal(param.call(req, 'a'), 'p')
      assert.equal(param.call(req, 'b', 'd'), 'd')
    })
    assert.deepEqual(seen, [
      { message: 'req.param(name): Use req.params, req.body, or req.query instead', file: __filename },
      { message: 'req.param(name, default): Use req.params, req.body, or req.query instead', file: __filename }
    ])
  })

  it('what router.param reports names the caller of app.param, or of router.param', async () => {
    const app = framework()
    const seen = await reported(() => {
      app.param(':id', (_req, _res, next) => { next() })
      app.param(['a', ':b'], (_req, _res, next) => { next() })
      framework.Router().param(':id', (_req, _res, next) => { next() })
    })
    assert.deepEqual(seen, [
      { message: 'router.param(":id", fn): Use router.param("id", fn) instead', file: __filename },
      { message: 'router.param(":b", fn): Use router.param("b", fn) instead', file: __filename },
      { message: 'router.param(":id", fn): Use router.param("id", fn) instead', file: __filename }
    ])
  })

  it('res.location("back") called by res.redirect names the caller of res.redirect; called directly, its own, also after a redirect threw', async () => {
    const app = framework()
    app.set('env', 'test')
    app.get('/redirect', (_req, res) => { res.redirect('back') })
    app.get('/throws', (_req, res) => {
      res.location = function (this: typeof res, url: string) {
        app.response.location.call(this, url)
        throw new Error('no location')
      }
      res.redirect('back')
    })
    app.get('/location', (_req, res) => { res.location('back').end() })
    const seen = await reported(async () => {
      await request(app).get('/redirect').expect(302)
      await request(app).get('/throws').expect(500)
      await request(app).get('/location').expect(200)
    })
    const message = 'res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices'
    assert.deepEqual(seen, [{ message, file: __filename }, { message, file: __filename }, { message, file: __filename }])
  })

  it('framework.urlencoded() without extended: body-parser 1\'s notice, under body-parser, at the caller; none from ristretto/parser (body-parser 2)', async () => {
    const seen = await reported(() => {
      framework.urlencoded()
      framework.urlencoded({ limit: '1kb' })
      framework.urlencoded({ extended: true })
      framework.urlencoded({ extended: false })
      parser.urlencoded()
    }, 'body-parser')
    assert.deepEqual(seen, [
      { message: 'undefined extended: provide extended option', file: __filename },
      { message: 'undefined extended: provide extended option', file: __filename }
    ])
  })
})
