import { describe, it, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import logger from '../../../plugins/logger'
import { bareServer, captureLines, settle } from './support'
import { expectWarnings, mockTimersWarning } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([
  'LoggerWarning: a request log line could not be written: token broke',
  'morgan deprecated undefined format: specify a format',
  'morgan deprecated default format: use combined format',
  'morgan deprecated morgan(options): use morgan("default", options) instead',
  'morgan deprecated buffer option'
], [mockTimersWarning])

/** Collects the deprecation messages of the `morgan` namespace emitted while `fn` runs. */
function deprecations (fn: () => void): string[] {
  const messages: string[] = []
  const listener = (err: Error & { namespace?: string }) => {
    if (err.namespace === 'morgan') messages.push(err.message)
  }
  process.on('deprecation', listener)
  try { fn() } finally { process.removeListener('deprecation', listener) }
  return messages
}

// With a listener, depd reports deprecations as events instead of printing them.
process.on('deprecation', () => {})

describe('logger(format, options)', () => {
  it('is what the package entry exports, with token, format and compile', () => {
    assert.equal(typeof logger, 'function')
    assert.equal(typeof logger.token, 'function')
    assert.equal(typeof logger.format, 'function')
    assert.equal(typeof logger.compile, 'function')
  })

  it('returns (req, res, next) middleware', () => {
    const mw = logger('tiny', { stream: captureLines().stream })
    assert.equal(typeof mw, 'function')
    assert.equal(mw.length, 3)
  })

  describe('format', () => {
    it('accepts a predefined format name', async () => {
      const out = captureLines()
      await request(bareServer(logger('tiny', { stream: out.stream }))).get('/').expect(200)
      assert.match(await out.nextLine(), /^GET \/ 200 - - \d+\.\d{3} ms$/)
    })

    it('accepts a format string', async () => {
      const out = captureLines()
      await request(bareServer(logger(':method :url', { stream: out.stream }))).get('/a?b=c').expect(200)
      assert.equal(await out.nextLine(), 'GET /a?b=c')
    })

    it('accepts a format function given tokens, req and res', async () => {
      const out = captureLines()
      const format = (tokens: logger.TokenIndexer, req: logger.LoggerRequest, res: logger.LoggerResponse) =>
        [tokens.method(req, res), req.url, res.statusCode].join(' ')
      await request(bareServer(logger(format, { stream: out.stream }))).get('/x').expect(200)
      assert.equal(await out.nextLine(), 'GET /x 200')
    })

    it('logs nothing when the format function returns undefined or null', async () => {
      for (const result of [undefined, null]) {
        const out = captureLines()
        await request(bareServer(logger(() => result, { stream: out.stream }))).get('/').expect(200)
        await settle()
        assert.deepEqual(out.chunks, [])
      }
    })

    it('rejects a boolean format', () => {
      assert.throws(() => logger(true as unknown as string), { name: 'TypeError', message: /argument format/ })
    })

    it('uses the default format, deprecated, when format is undefined', async () => {
      const out = captureLines()
      let mw: logger.LoggerMiddleware | undefined
      const messages = deprecations(() => { mw = logger(undefined as unknown as string, { stream: out.stream }) })
      assert.ok(messages.includes('undefined format: specify a format'))
      assert.ok(messages.includes('default format: use combined format'))
      const res = await request(bareServer(mw!)).get('/').set('User-Agent', 'ua').expect(200)
      assert.match(await out.nextLine(), new RegExp('^' + res.text.replace(/\./g, '\\.') +
        ' - - \\[\\w{3}, \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\\] "GET / HTTP/1.1" 200 - "-" "ua"$'))
    })
  })

  describe('logger(options) (deprecated form)', () => {
    it('takes the format from options.format, with a deprecation', async () => {
      const out = captureLines()
      let mw: logger.LoggerMiddleware | undefined
      const messages = deprecations(() => { mw = logger({ format: ':method :url', stream: out.stream }) })
      assert.deepEqual(messages, ['morgan(options): use morgan("default", options) instead'])
      await request(bareServer(mw!)).get('/').expect(200)
      assert.equal(await out.nextLine(), 'GET /')
    })

    it('accepts a format function in options.format', async () => {
      const out = captureLines()
      const mw = logger({ format: () => 'apple', stream: out.stream })
      await request(bareServer(mw)).get('/').expect(200)
      assert.equal(await out.nextLine(), 'apple')
    })

    it('uses the default format when options.format is absent', async () => {
      const out = captureLines()
      const mw = logger({ stream: out.stream })
      const res = await request(bareServer(mw)).get('/').expect(200)
      const line = await out.nextLine()
      assert.equal(line.slice(0, res.text.length), res.text)
      assert.match(line, /"GET \/ HTTP\/1\.1" 200 - "-" "-"$/)
    })
  })

  describe('options.immediate', () => {
    it('writes the line when the request arrives, before the handlers run', async () => {
      const out = captureLines()
      const mw = logger(':method :url :status :res[x-sent] :response-time :total-time', { immediate: true, stream: out.stream })
      let writtenBeforeHandler = false
      await request(bareServer(mw, (req, res) => {
        writtenBeforeHandler = out.pending.length === 1
        res.end('ok')
      })).get('/').expect(200)
      assert.ok(writtenBeforeHandler)
      assert.equal(await out.nextLine(), 'GET / - - - -')
    })

    it('passes an error thrown by the format to the app, which answers 500', async () => {
      const app = minimal()
      app.use(logger(() => { throw new Error('format broke') }, { immediate: true, stream: captureLines().stream }))
      app.use((req, res) => { res.end('never') })
      await request(app).get('/').expect(500)
    })
  })

  describe('options.skip', () => {
    it('skips on the request', async () => {
      const out = captureLines()
      const mw = logger(':url', { stream: out.stream, skip: (req) => (req.url ?? '').includes('skip=true') })
      const server = bareServer(mw)
      await request(server).get('/?skip=true').expect(200)
      await request(server).get('/?skip=false').expect(200)
      assert.equal(await out.nextLine(), '/?skip=false')
      await settle()
      assert.deepEqual(out.pending, [])
    })

    it('skips on the response, decided when it finished', async () => {
      const out = captureLines()
      const mw = logger(':status', { stream: out.stream, skip: (req, res) => res.statusCode < 400 })
      const server = bareServer(mw, (req, res) => {
        res.statusCode = req.url === '/bad' ? 404 : 200
        res.end()
      })
      await request(server).get('/good').expect(200)
      await request(server).get('/bad').expect(404)
      assert.equal(await out.nextLine(), '404')
      await settle()
      assert.deepEqual(out.pending, [])
    })

    it('rejects a skip that is not a function', () => {
      assert.throws(() => logger('tiny', { skip: true as unknown as () => boolean }), { name: 'TypeError', message: /skip/ })
    })
  })

  describe('options.stream', () => {
    it('defaults to process.stdout, read when the middleware is made', async () => {
      const out = captureLines()
      const stdout = Object.getOwnPropertyDescriptor(process, 'stdout')!
      Object.defineProperty(process, 'stdout', { configurable: true, value: out.stream })
      let mw: logger.LoggerMiddleware
      try {
        mw = logger(':method :url')
      } finally {
        Object.defineProperty(process, 'stdout', stdout)
      }
      await request(bareServer(mw)).get('/to-stdout').expect(200)
      assert.equal(await out.nextLine(), 'GET /to-stdout')
    })

    it('accepts any object with a write method', async () => {
      const writes: string[] = []
      const mw = logger(':method', { stream: { write: (line: string) => writes.push(line) } })
      await request(bareServer(mw)).get('/').expect(200)
      await settle()
      assert.deepEqual(writes, ['GET\n'])
    })

    it('rejects a stream without a write method', () => {
      assert.throws(() => logger('tiny', { stream: {} as unknown as logger.LogStream }), { name: 'TypeError', message: /stream/ })
    })
  })

  describe('options.buffer (deprecated)', () => {
    /**
     * A logger of `:method :url` with `buffer`, under mocked timers: the lines it writes, and a
     * promise of its `count`th line made (held by the buffer until the interval passes).
     */
    function bufferedLogger (t: TestContext, buffer: number | true, count: number) {
      t.mock.timers.enable({ apis: ['setTimeout'] })
      const writes: string[] = []
      let made = 0
      let allMade!: () => void
      const lines = new Promise<void>((resolve) => { allMade = resolve })
      const format: logger.FormatFn = (tokens, req, res) => {
        if (++made === count) allMade()
        return `${tokens.method(req, res)} ${tokens.url(req, res)}`
      }
      let mw: logger.LoggerMiddleware | undefined
      // depd reports a deprecation once per call site: only the first call here does.
      const messages = deprecations(() => {
        mw = logger(format, { buffer, stream: { write: (chunk: string) => writes.push(chunk) } })
      })
      return { server: bareServer(mw!), writes, lines, messages }
    }

    it('holds lines and writes them together after the interval', async (t) => {
      const { server, writes, lines, messages } = bufferedLogger(t, 80, 2)
      assert.deepEqual(messages, ['buffer option'])
      await request(server).get('/first').expect(200)
      await request(server).get('/second').expect(200)
      await lines
      t.mock.timers.tick(79)
      assert.deepEqual(writes, [])
      t.mock.timers.tick(1)
      assert.deepEqual(writes, ['GET /first\nGET /second\n'])
    })

    it('waits one second when buffer is true', async (t) => {
      const { server, writes, lines } = bufferedLogger(t, true, 1)
      await request(server).get('/one').expect(200)
      await lines
      t.mock.timers.tick(999)
      assert.deepEqual(writes, [])
      t.mock.timers.tick(1)
      assert.deepEqual(writes, ['GET /one\n'])
    })
  })

  describe('as middleware', () => {
    it('works in a bare http server handler without next', async () => {
      const out = captureLines()
      const mw = logger(':method :status', { stream: out.stream })
      const server = http.createServer((req, res) => {
        mw(req, res)
        res.end('done')
      })
      await request(server).get('/').expect(200, 'done')
      assert.equal(await out.nextLine(), 'GET 200')
    })

    it('can be used several times in one app', async () => {
      const all = captureLines()
      const errors = captureLines()
      const app = minimal()
      app.use(logger(':url :status', { stream: all.stream }))
      app.use(logger(':url :status', { stream: errors.stream, skip: (req, res) => res.statusCode < 400 }))
      app.get('/ok', (req, res) => { res.end('ok') })
      await request(app).get('/ok').expect(200)
      await request(app).get('/missing').expect(404)
      assert.equal(await all.nextLine(), '/ok 200')
      assert.equal(await all.nextLine(), '/missing 404')
      assert.equal(await errors.nextLine(), '/missing 404')
      await settle()
      assert.deepEqual(errors.pending, [])
    })

    it('does not crash the process when a line fails after the response, and warns', async () => {
      const warned = new Promise<Error & { code?: string }>((resolve) => process.once('warning', resolve))
      const mw = logger(() => { throw new Error('token broke') }, { stream: captureLines().stream })
      await request(bareServer(mw)).get('/').expect(200)
      const warning = await warned
      assert.equal(warning.code, 'RST_LOGGER_FAILED')
      assert.match(warning.message, /token broke/)
    })
  })
})
