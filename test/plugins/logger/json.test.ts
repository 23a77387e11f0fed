import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import logger from '../../../plugins/logger'
import express from '../../../presets/default'
import { bareServer, captureLines } from './support'
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([/^LoggerWarning: a request log line could not be written: Converting circular structure to JSON\n/])

process.on('deprecation', () => {})

describe("logger('json')", () => {
  it('is a predefined format', () => {
    assert.equal(typeof logger.json, 'function')
  })

  it('writes one JSON object a line, with the tokens as fields and numbers as numbers', async () => {
    const out = captureLines()
    const server = bareServer(logger('json', { stream: out.stream }), (req, res) => {
      res.setHeader('Content-Length', 5)
      res.end('hello')
    })
    await request(server).get('/path?q=1')
      .set('Authorization', 'Basic ' + Buffer.from('tj:pw').toString('base64'))
      .set('Referer', 'http://localhost/from')
      .set('User-Agent', 'my-ua')
      .expect(200, 'hello')
    const line = await out.nextLine()
    assert.equal(out.chunks.length, 1)
    assert.ok(out.chunks[0].endsWith('}\n'))
    const record = JSON.parse(line)
    assert.deepEqual(Object.keys(record), [
      'remote-addr', 'remote-user', 'date', 'method', 'url', 'http-version', 'status',
      'content-length', 'referrer', 'user-agent', 'response-time'
    ])
    assert.match(record['remote-addr'], /127\.0\.0\.1|::1/)
    assert.equal(record['remote-user'], 'tj')
    assert.match(record.date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    assert.equal(record.method, 'GET')
    assert.equal(record.url, '/path?q=1')
    assert.equal(record['http-version'], '1.1')
    assert.equal(record.status, 200)
    assert.equal(record['content-length'], 5)
    assert.equal(record.referrer, 'http://localhost/from')
    assert.equal(record['user-agent'], 'my-ua')
    assert.equal(typeof record['response-time'], 'number')
    assert.ok(record['response-time'] >= 0)
  })

  it('writes null for absent values', async () => {
    const out = captureLines()
    await request(bareServer(logger('json', { stream: out.stream }))).get('/').unset('User-Agent')
    const record = JSON.parse(await out.nextLine())
    assert.equal(record['remote-user'], null)
    assert.equal(record.referrer, null)
    assert.equal(record['content-length'], null)
  })

  it('writes null status and times with immediate', async () => {
    const out = captureLines()
    await request(bareServer(logger('json', { stream: out.stream, immediate: true }))).get('/')
    const record = JSON.parse(await out.nextLine())
    assert.equal(record.status, null)
    assert.equal(record['response-time'], null)
  })

  it('escapes values once, the JSON way', async () => {
    const out = captureLines()
    const nasty = 'a"b\\c\nd\te\x1b[31m\x9b\u2028'
    const app = express()
    app.use(logger('json', { stream: out.stream }))
    app.use((req, res) => { res.send('ok') })
    await request(app).get('/').set('Referer', 'x"y\\z').set('User-Agent', 'ua"\\')
    const line = await out.nextLine()
    assert.equal(line.includes('\n'), false)
    assert.equal(JSON.parse(line).referrer, 'x"y\\z')
    assert.equal(JSON.parse(line)['user-agent'], 'ua"\\')
    assert.match(line, /"referrer":"x\\"y\\\\z"/)

    // A token with control characters and separators: one line, valid JSON, the value intact.
    const out2 = captureLines()
    logger.token('nasty-test-token', () => nasty)
    const fn = logger((tokens, req, res) => ({ v: tokens['nasty-test-token'](req, res) }), { stream: out2.stream })
    await request(bareServer(fn)).get('/')
    const line2 = await out2.nextLine()
    assert.equal(out2.chunks[0], line2 + '\n')
    assert.doesNotMatch(line2, /[\x00-\x1f\x7f-\x9f\u2028\u2029]/)
    assert.equal(JSON.parse(line2).v, nasty)
    assert.equal(line2, '{"v":"a\\"b\\\\c\\nd\\te\\u001b[31m\\u009b\\u2028"}')
  })

  it('uses tokens redefined after the logger was made', async () => {
    const out = captureLines()
    const middleware = logger('json', { stream: out.stream })
    const original = logger['user-agent']
    logger.token('user-agent', () => 'redefined')
    try {
      await request(bareServer(middleware)).get('/')
      assert.equal(JSON.parse(await out.nextLine())['user-agent'], 'redefined')
    } finally {
      logger.token('user-agent', original)
    }
  })

  it('calls each token as a method of the logger, as compiled formats do', async () => {
    const out = captureLines()
    const middleware = logger('json', { stream: out.stream })
    const original = logger['user-agent']
    logger.token('user-agent', function (this: logger.TokenIndexer, req, res) { return 'via ' + this.method(req, res) })
    try {
      await request(bareServer(middleware)).get('/')
      assert.equal(JSON.parse(await out.nextLine())['user-agent'], 'via GET')
    } finally {
      logger.token('user-agent', original)
    }
  })

  it('reports the HTTP version of the framework request', async () => {
    const out = captureLines()
    const app = express()
    app.use(logger('json', { stream: out.stream }))
    app.get('/x', (req, res) => { res.status(201).json({ a: 1 }) })
    await request(app).get('/x').expect(201)
    const record = JSON.parse(await out.nextLine())
    assert.equal(record.status, 201)
    assert.equal(record['content-length'], 7)
    assert.equal(record['http-version'], '1.1')
  })
})

describe('logger(fn) where fn returns a record', () => {
  it('writes the record as one JSON line', async () => {
    const out = captureLines()
    const fn = logger((tokens, req, res) => ({
      method: tokens.method(req, res),
      status: res.statusCode,
      ok: true,
      tags: ['a', 'b'],
      nested: { url: tokens.url(req, res) }
    }), { stream: out.stream })
    await request(bareServer(fn)).get('/p')
    assert.equal(await out.nextLine(), '{"method":"GET","status":200,"ok":true,"tags":["a","b"],"nested":{"url":"/p"}}')
  })

  it('still writes strings as lines, and nothing for null or undefined', async () => {
    const out = captureLines()
    let n = 0
    const fn = logger(() => { n++; return n === 1 ? 'plain "line"' : n === 2 ? null : undefined }, { stream: out.stream })
    const server = bareServer(fn)
    await request(server).get('/')
    await request(server).get('/')
    await request(server).get('/')
    assert.equal(await out.nextLine(), 'plain "line"')
    // Then a pause, to show nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 30))
    assert.deepEqual(out.chunks, ['plain "line"\n'])
  })

  it('works through logger.format(name, fn)', async () => {
    const out = captureLines()
    logger.format('record-test-format', (tokens, req, res) => ({ url: tokens.url(req, res) }))
    await request(bareServer(logger('record-test-format', { stream: out.stream }))).get('/named')
    assert.equal(await out.nextLine(), '{"url":"/named"}')
  })

  it('reports a record that cannot be serialised as a warning, without failing the request', async () => {
    const out = captureLines()
    let onWarning!: (w: Error) => void
    const warned = new Promise<void>((resolve) => {
      onWarning = (w) => { if ((w as NodeJS.ErrnoException).code === 'RST_LOGGER_FAILED') resolve() }
    })
    process.on('warning', onWarning)
    try {
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      await request(bareServer(logger(() => cyclic, { stream: out.stream }))).get('/').expect(200)
      await warned
      assert.equal(out.chunks.length, 0)
    } finally {
      process.removeListener('warning', onWarning)
    }
  })
})
