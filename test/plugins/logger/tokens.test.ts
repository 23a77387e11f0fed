import { describe, it, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import logger from '../../../plugins/logger'
import { bareServer, captureLines, settle } from './support'
import { clfDate } from '../../../plugins/logger/date'

/** Logs one GET with `format` through a bare server and returns the line and the response. */
async function logOne (format: string, options: { setup?: (t: request.Test) => request.Test, handler?: (req: http.IncomingMessage, res: http.ServerResponse) => void, immediate?: boolean } = {}) {
  const out = captureLines()
  const server = bareServer(logger(format, { stream: out.stream, immediate: options.immediate }), options.handler)
  let test = request(server).get('/')
  if (options.setup) test = options.setup(test)
  const res = await test
  return { line: await out.nextLine(), res }
}

/**
 * Replaces `process.hrtime` (what the logger times requests with) for the test by a clock that
 * stands still until `advance(ms)` moves it.
 */
function fakeHrtime (t: TestContext): { advance (ms: number): void } {
  let now = 1_000_000_000_000n // nanoseconds
  const at = (ns: bigint): [number, number] => [Number(ns / 1_000_000_000n), Number(ns % 1_000_000_000n)]
  t.mock.method(process, 'hrtime', (previous?: [number, number]) =>
    at(previous ? now - (BigInt(previous[0]) * 1_000_000_000n + BigInt(previous[1])) : now))
  return { advance (ms: number) { now += BigInt(Math.round(ms * 1e6)) } }
}

describe(':date[format]', () => {
  it('is RFC 1123 (web) by default', async () => {
    const { line } = await logOne(':date')
    assert.match(line, /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
  })

  it('is the common log layout with clf', async () => {
    const { line } = await logOne(':date[clf]')
    assert.match(line, /^\d{2}\/(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/)
  })

  it('is ISO 8601 with milliseconds with iso', async () => {
    const { line } = await logOne(':date[iso]')
    assert.match(line, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('is RFC 1123 with web', async () => {
    const { line } = await logOne(':date[web]')
    assert.match(line, /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
  })

  it('is - for an unknown layout', async () => {
    const { line } = await logOne(':date[bogus]')
    assert.equal(line, '-')
  })

  it('formats a known date in every layout', () => {
    const fixed = new Date(Date.UTC(2000, 9, 5, 3, 4, 5, 67))
    const RealDate = Date
    const FakeDate = function () { return fixed } as unknown as DateConstructor
    global.Date = FakeDate
    try {
      const req = {} as logger.LoggerRequest
      const res = {} as logger.LoggerResponse
      assert.equal(logger.date(req, res, 'clf'), '05/Oct/2000:03:04:05 +0000')
      assert.equal(logger.date(req, res, 'iso'), '2000-10-05T03:04:05.067Z')
      assert.equal(logger.date(req, res), 'Thu, 05 Oct 2000 03:04:05 GMT')
    } finally {
      global.Date = RealDate
    }
  })
})

describe('clfDate', () => {
  it('gives each second its own text, also when seconds come back out of order', () => {
    const at = (ms: number) => new Date(Date.UTC(2000, 9, 5, 3, 4, 5) + ms)
    assert.equal(clfDate(at(0)), '05/Oct/2000:03:04:05 +0000')
    assert.equal(clfDate(at(999)), '05/Oct/2000:03:04:05 +0000')
    assert.equal(clfDate(at(1000)), '05/Oct/2000:03:04:06 +0000')
    assert.equal(clfDate(at(-1)), '05/Oct/2000:03:04:04 +0000')
    assert.equal(clfDate(at(86_400_000)), '06/Oct/2000:03:04:05 +0000')
    assert.equal(clfDate(new Date(Date.UTC(1969, 11, 31, 23, 59, 59, 500))), '31/Dec/1969:23:59:59 +0000')
  })
})

describe(':http-version', () => {
  it('is major.minor of the request', async () => {
    const { line } = await logOne(':http-version')
    assert.equal(line, '1.1')
  })
})

describe(':method', () => {
  it('is the request method', async () => {
    const out = captureLines()
    await request(bareServer(logger(':method', { stream: out.stream }))).post('/').send('x').expect(200)
    assert.equal(await out.nextLine(), 'POST')
  })
})

describe(':pid', () => {
  it('is the process id', async () => {
    const { line } = await logOne(':pid')
    assert.equal(line, String(process.pid))
  })
})

describe(':referrer', () => {
  it('is the Referer header', async () => {
    const { line } = await logOne(':referrer', { setup: (t) => t.set('Referer', 'http://example.com/a') })
    assert.equal(line, 'http://example.com/a')
  })

  it('falls back to a Referrer header', async () => {
    const { line } = await logOne(':referrer', { setup: (t) => t.set('Referrer', 'http://example.com/b') })
    assert.equal(line, 'http://example.com/b')
  })

  it('is - when absent', async () => {
    const { line } = await logOne(':referrer')
    assert.equal(line, '-')
  })
})

describe(':remote-addr', () => {
  it('is the socket address', async () => {
    const { line, res } = await logOne(':remote-addr')
    assert.ok(res.text.length > 0)
    assert.equal(line, res.text)
  })

  it('prefers req.ip', async () => {
    const out = captureLines()
    const mw = logger(':remote-addr', { stream: out.stream })
    const server = http.createServer((req, res) => {
      (req as logger.LoggerRequest).ip = '10.0.0.1'
      mw(req, res, () => res.end())
    })
    await request(server).get('/').expect(200)
    assert.equal(await out.nextLine(), '10.0.0.1')
  })

  it('keeps the address seen on entry when req.ip later disappears', async () => {
    const out = captureLines()
    const mw = logger(':remote-addr', { stream: out.stream })
    const server = http.createServer((req, res) => {
      let ip: string | undefined = '10.0.0.2'
      Object.defineProperty(req, 'ip', { get: () => ip })
      mw(req, res, () => { ip = undefined; res.end() })
    })
    await request(server).get('/').expect(200)
    assert.equal(await out.nextLine(), '10.0.0.2')
  })

  it('uses the framework req.ip in an app', async () => {
    const out = captureLines()
    const app = minimal()
    app.use(logger(':remote-addr', { stream: out.stream }))
    app.use((req, res) => { res.end(req.socket.remoteAddress) })
    const res = await request(app).get('/')
    assert.equal(await out.nextLine(), res.text)
  })
})

describe(':remote-user', () => {
  const user = async (authorization?: string) => (await logOne(':remote-user', {
    setup: (t) => authorization === undefined ? t : t.set('Authorization', authorization)
  })).line

  it('is - without credentials', async () => {
    assert.equal(await user(), '-')
  })

  it('is the Basic user name', async () => {
    assert.equal(await user('Basic ' + Buffer.from('tj:secret').toString('base64')), 'tj')
  })

  it('accepts any case of the scheme and a password with colons', async () => {
    assert.equal(await user('basic ' + Buffer.from('tobi:a:b').toString('base64')), 'tobi')
  })

  it('is - for an empty user name', async () => {
    assert.equal(await user('Basic ' + Buffer.from(':pw').toString('base64')), '-')
  })

  it('is - for other schemes, malformed credentials, or no colon', async () => {
    assert.equal(await user('Bearer abc'), '-')
    assert.equal(await user('Basic ***'), '-')
    assert.equal(await user('Basic ' + Buffer.from('nocolon').toString('base64')), '-')
  })
})

describe(':req[header]', () => {
  it('is the request header, by case-insensitive name', async () => {
    const { line } = await logOne(':req[X-From]', { setup: (t) => t.set('x-from', 'me') })
    assert.equal(line, 'me')
  })

  it('joins the values of a list header', async () => {
    const { line } = await logOne(':req[set-cookie]', { setup: (t) => t.set('Set-Cookie', ['a=1', 'b=2'] as unknown as string) })
    assert.equal(line, 'a=1, b=2')
  })

  it('is - when absent or without a name', async () => {
    const { line } = await logOne(':req[x-none] :req')
    assert.equal(line, '- -')
  })
})

describe(':res[header]', () => {
  it('is the response header', async () => {
    const { line } = await logOne(':res[x-sent]')
    assert.equal(line, 'true')
  })

  it('joins the values of a list header and prints numbers', async () => {
    const { line } = await logOne(':res[x-keys] :res[content-length]', {
      handler: (req, res) => {
        res.setHeader('X-Keys', ['foo', 'bar'])
        res.setHeader('Content-Length', 2)
        res.end('hi')
      }
    })
    assert.equal(line, 'foo, bar 2')
  })

  it('is - when the response has not started', async () => {
    const { line } = await logOne(':res[x-sent]', { immediate: true })
    assert.equal(line, '-')
  })
})

describe(':response-time[digits]', () => {
  it('is milliseconds with three digits by default', async () => {
    const start = Date.now()
    const { line } = await logOne(':response-time')
    assert.match(line, /^\d+\.\d{3}$/)
    assert.ok(parseFloat(line) >= 0 && parseFloat(line) <= Date.now() - start + 1)
  })

  it('takes the number of digits', async () => {
    assert.match((await logOne(':response-time[5]')).line, /^\d+\.\d{5}$/)
    assert.match((await logOne(':response-time[0]')).line, /^\d+$/)
  })

  it('stops when the headers are written, not when the body ends', async (t) => {
    const clock = fakeHrtime(t)
    const { line } = await logOne(':response-time :total-time', {
      handler: (req, res) => {
        clock.advance(5)
        res.write('hello, ')
        clock.advance(60)
        res.end('world')
      }
    })
    assert.equal(line, '5.000 65.000')
  })

  it('is - before the response (immediate)', async () => {
    assert.equal((await logOne(':response-time', { immediate: true })).line, '-')
  })

  it('is - without the start mark on the request', async () => {
    const { line } = await logOne(':response-time', {
      handler: (req, res) => { delete (req as logger.LoggerRequest)._startAt; res.end() }
    })
    assert.equal(line, '-')
  })

  it('records start marks on the request and the response', async () => {
    let marks: unknown[] = []
    const out = captureLines()
    const mw = logger(':method', { stream: out.stream })
    const server = http.createServer((req, res) => {
      mw(req, res, () => {
        res.end()
        const r = req as logger.LoggerRequest
        const s = res as logger.LoggerResponse
        marks = [r._startAt, r._startTime, s._startAt, s._startTime]
      })
    })
    await request(server).get('/').expect(200)
    assert.ok(Array.isArray(marks[0]) && Array.isArray(marks[2]))
    assert.ok(marks[1] instanceof Date && marks[3] instanceof Date)
  })
})

describe(':total-time[digits]', () => {
  it('is milliseconds with three digits by default', async () => {
    assert.match((await logOne(':total-time')).line, /^\d+\.\d{3}$/)
  })

  it('takes the number of digits', async () => {
    assert.match((await logOne(':total-time[5]')).line, /^\d+\.\d{5}$/)
    assert.match((await logOne(':total-time[0]')).line, /^\d+$/)
  })

  it('includes the time spent writing the body', async (t) => {
    const clock = fakeHrtime(t)
    const { line } = await logOne(':total-time :response-time', {
      handler: (req, res) => {
        res.write('hello, ')
        clock.advance(60)
        setImmediate(() => { clock.advance(0.25); res.end('world') })
      }
    })
    assert.equal(line, '60.250 0.000')
  })

  it('is - before the response (immediate)', async () => {
    assert.equal((await logOne(':total-time', { immediate: true })).line, '-')
  })
})

describe(':status', () => {
  it('is the response status code', async () => {
    const { line } = await logOne(':status', { handler: (req, res) => { res.statusCode = 418; res.end() } })
    assert.equal(line, '418')
  })

  it('is - before the response (immediate)', async () => {
    assert.equal((await logOne(':status', { immediate: true })).line, '-')
  })

  it('is - when the client aborts before any response', async () => {
    const out = captureLines()
    const server = bareServer(logger(':status :url', { stream: out.stream }), (req) => {
      req.socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, resolve))
    const { port } = server.address() as { port: number }
    const client = http.request({ port, method: 'POST', path: '/aborted' })
    client.on('error', () => {})
    client.write('0')
    assert.equal(await out.nextLine(), '- /aborted')
    server.close()
  })
})

describe(':url', () => {
  it('is the request URL', async () => {
    const out = captureLines()
    await request(bareServer(logger(':url', { stream: out.stream }))).get('/foo?x=1').expect(200)
    assert.equal(await out.nextLine(), '/foo?x=1')
  })

  it('is req.originalUrl when a mount rewrote req.url', async () => {
    const out = captureLines()
    const app = minimal()
    const sub = minimal()
    sub.use(logger(':url', { stream: out.stream }))
    sub.use((req, res) => { res.end(req.url) })
    app.use('/sub', sub)
    await request(app).get('/sub/page').expect(200, '/page')
    assert.equal(await out.nextLine(), '/sub/page')
  })
})

describe(':user-agent', () => {
  it('is the User-Agent header', async () => {
    const { line } = await logOne(':user-agent', { setup: (t) => t.set('User-Agent', 'my-ua/1.0') })
    assert.equal(line, 'my-ua/1.0')
  })
})

describe('token output escaping', () => {
  it('escapes quotes, backslashes and control characters from the request', async () => {
    const { line } = await logOne('":req[x-evil]" :user-agent', {
      setup: (t) => t.set('User-Agent', 'ua"\\\t\x85'),
      handler: (req, res) => {
        req.headers['x-evil'] = 'a"b\\c\td\x7fe\x01f\x1b[31m\u2028'
        res.end()
      }
    })
    assert.equal(line, '"a\\"b\\\\c\\td\\x7Fe\\x01f\\x1B[31m\\u2028" ua\\"\\\\\\t\\x85')
  })

  it('keeps one request on one line', async () => {
    const out = captureLines()
    const mw = logger(':method :url', { stream: out.stream })
    const server = http.createServer((req, res) => {
      req.url = '/a\nGET /forged 200\r\n'
      mw(req, res, () => res.end())
    })
    await request(server).get('/').expect(200)
    assert.equal(await out.nextLine(), 'GET /a\\nGET /forged 200\\r\\n')
    await settle()
    assert.deepEqual(out.pending, [])
  })
})
