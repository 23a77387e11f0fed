import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import logger from '../../../plugins/logger'
import { ROOT, ensureBuilt } from '../../support/built-package'

const req = { method: 'GET', url: '/x', headers: {} } as unknown as logger.LoggerRequest
const res = {} as logger.LoggerResponse

describe('logger.compile(format)', () => {
  it('rejects anything but a string', () => {
    for (const bad of [undefined, 42, () => {}, null, {}]) {
      assert.throws(() => logger.compile(bad as unknown as string), { name: 'TypeError', message: /argument format/ })
    }
  })

  it('returns a function of (tokens, req, res)', () => {
    const fn = logger.compile(':method')
    assert.equal(typeof fn, 'function')
    assert.equal(fn.length, 3)
    assert.equal(fn(logger as unknown as logger.TokenIndexer, req, res), 'GET')
  })

  it('mixes literal text and tokens, and keeps the literal text as written', () => {
    const fn = logger.compile('method=:method "url"=:url \\:method')
    assert.equal(fn(logger as unknown as logger.TokenIndexer, req, res), 'method=GET "url"=/x \\GET')
  })

  it('returns the text when there is no token', () => {
    assert.equal(logger.compile('plain text: a')({}, req, res), 'plain text: a')
  })

  it('passes [arg] to the token and calls it with two arguments when there is none', () => {
    const calls: unknown[][] = []
    const tokens = { tok: (...args: unknown[]) => { calls.push(args); return 'v' } }
    const fn = logger.compile(':tok :tok[a b"c]')
    assert.equal(fn(tokens as unknown as logger.TokenIndexer, req, res), 'v v')
    assert.deepEqual(calls, [[req, res], [req, res, 'a b"c']])
  })

  it('prints - for a falsy token value and stringifies others', () => {
    const tokens = {
      aa: () => undefined, bb: () => null, cc: () => '', dd: () => 0, ee: () => false, ff: () => 12, gg: () => true
    }
    const fn = logger.compile(':aa :bb :cc :dd :ee :ff :gg')
    assert.equal(fn(tokens as unknown as logger.TokenIndexer, req, res), '- - - - - 12 true')
  })

  it('looks tokens up on each call, so later definitions are used', () => {
    const tokens: Record<string, () => string> = {}
    const fn = logger.compile(':later')
    tokens.later = () => 'defined'
    assert.equal(fn(tokens as unknown as logger.TokenIndexer, req, res), 'defined')
  })

  it('keeps an undefined token as written, and needs names of two characters or more', () => {
    const fn = logger.compile('at 12:30 :a :nope[x]')
    assert.equal(fn({ 30: () => 'thirty' } as unknown as logger.TokenIndexer, req, res), 'at 12thirty :a :nope[x]')
  })

  it('never calls what every object inherits', () => {
    const fn = logger.compile(':constructor :toString[x] :__proto__ :hasOwnProperty')
    assert.equal(fn({}, req, res), ':constructor :toString[x] :__proto__ :hasOwnProperty')
    const own = { constructor: () => 'own' }
    assert.equal(logger.compile(':constructor')(own as unknown as logger.TokenIndexer, req, res), 'own')
  })

  it('treats token names and arguments as data, never as code', () => {
    const tokens = { req: (_q: unknown, _s: unknown, arg?: string) => arg }
    const fn = logger.compile(':req[" + process.exit(1) + "] \\" + process.exit(1) + "')
    assert.equal(fn(tokens as unknown as logger.TokenIndexer, req, res), '\\" + process.exit(1) + \\" \\" + process.exit(1) + "')
  })

  it('keeps literal text with any character exactly, line breaks and template syntax included', () => {
    const format = 'a\nb\r\u2028\u2029 `${process.exit(1)}` \\ \' " </script> :method'
    assert.equal(logger.compile(format)(logger as unknown as logger.TokenIndexer, req, res),
      'a\nb\r\u2028\u2029 `${process.exit(1)}` \\ \' " </script> GET')
    const tokens = { tt: (_q: unknown, _s: unknown, arg?: string) => arg === '`${x}`\u2028' ? 'same' : 'changed' }
    assert.equal(logger.compile(':tt[`${x}`\u2028]')(tokens as unknown as logger.TokenIndexer, req, res), 'same')
  })

  it('calls each token as a method of the tokens object, as morgan does', () => {
    const tokens = {
      inner: () => 'in',
      outer (this: Record<string, () => string>) { return this.inner() + '+out' }
    }
    assert.equal(logger.compile(':outer')(tokens as unknown as logger.TokenIndexer, req, res), 'in+out')
  })

  it('escapes what tokens return', () => {
    const tokens = { vv: () => 'line\nnext\r"q"\\ \x00 \x1b \u2029' }
    assert.equal(logger.compile('[:vv]')(tokens as unknown as logger.TokenIndexer, req, res),
      '[line\\nnext\\r\\"q\\"\\\\ \\x00 \\x1B \\u2029]')
  })

  it('writes the same lines where the runtime refuses generated code', () => {
    // Formats and tokens of every kind above: arguments, missing and inherited names, literal text
    // with quotes and line breaks, falsy values.
    const script = `
      const logger = require(${JSON.stringify(path.join(ROOT, 'dist/plugins/logger'))})
      const tokens = Object.assign(Object.create(logger), { nil: () => 0, arg: (q, s, a) => a, call: () => 'c' })
      const req = { method: 'GET', url: '/x', headers: { 'user-agent': 'ua' }, httpVersionMajor: 1, httpVersionMinor: 1 }
      const res = { statusCode: 200, getHeader: () => undefined, headersSent: true }
      const formats = ['plain', ':method :url :status', ':arg[a b"c] :nil :missing :call :bind', 'a\\nb \\u2028 \\" :url "q"', ':req[user-agent] :http-version']
      let generated = true
      try { new Function('') } catch { generated = false }
      console.log(JSON.stringify({ generated, lines: formats.map((f) => logger.compile(f)(tokens, req, res)) }))
    `
    ensureBuilt()
    const run = (flags: string[]): { generated: boolean, lines: string[] } => {
      const r = spawnSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8', timeout: 30_000 })
      assert.equal(r.status, 0, r.stderr)
      return JSON.parse(r.stdout)
    }
    const refused = run(['--disallow-code-generation-from-strings'])
    const allowed = run([])
    assert.equal(refused.generated, false)
    assert.equal(allowed.generated, true)
    assert.deepEqual(refused.lines, allowed.lines)
    assert.equal(allowed.lines[2], 'a b\\"c - :missing c :bind')
  })
})
