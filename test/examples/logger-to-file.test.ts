import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import request from 'supertest'
import type { Application } from '../../kernel'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-logger-example-'))
const logFile = path.join(dir, 'access.log')
let app: Application

/** Waits until the log file has a line containing `marker` (the file stream writes it when it can), and returns that line. */
async function lineWith (marker: string): Promise<string> {
  for (;;) {
    const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''
    const line = text.split('\n').find((l) => l.includes(marker))
    if (line) return line
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Apache's combined format: address, user, [date], "request", status, length, "referrer", "user agent". */
const COMBINED = /^(\S+) - (\S+) \[(\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000)\] "([^"]*)" (\d{3}) (\S+) "(.*)" "(.*)"$/

describe('examples/logger-to-file', () => {
  before(() => {
    process.env.ACCESS_LOG = logFile
    // Loaded here, once ACCESS_LOG is set: the example opens its log file when it loads.
    app = require('../../examples/logger-to-file') as Application
  })
  after(() => {
    delete process.env.ACCESS_LOG
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('writes to the ACCESS_LOG file', () => {
    assert.equal(app.locals.logFile, logFile)
  })

  it('logs a request in the combined format', async () => {
    const id = randomUUID()
    await request(app).get(`/?id=${id}`).set('Referer', 'http://example.com/from').set('User-Agent', 'example-test/1.0')
      .expect(200, /Requests are logged to/)
    const match = COMBINED.exec(await lineWith(id))
    assert.ok(match, 'a combined line')
    assert.equal(match[4], `GET /?id=${id} HTTP/1.1`)
    assert.equal(match[5], '200')
    assert.equal(match[7], 'http://example.com/from')
    assert.equal(match[8], 'example-test/1.0')
  })

  it('shows the last lines at /log', async () => {
    const id = randomUUID()
    await request(app).get(`/?id=${id}`).expect(200)
    await lineWith(id)
    const res = await request(app).get('/log').expect('Content-Type', /text\/plain/).expect(200)
    assert.ok(res.text.includes(id))
    assert.ok(res.text.trim().split('\n').length <= 20)
  })

  describe('bad input, logged with its status', () => {
    it('an unknown route is a 404, logged', async () => {
      const id = randomUUID()
      await request(app).get(`/nope/${id}`).expect(404, `Nothing at /nope/${id}\n`)
      assert.match(await lineWith(id), /" 404 /)
    })

    it('malformed JSON is a 400, logged', async () => {
      const id = randomUUID()
      await request(app).post(`/echo?id=${id}`).type('json').send('{"a":').expect(400)
      assert.match(await lineWith(id), /"POST \/echo\?id=[\w-]+ HTTP\/1.1" 400 /)
      await request(app).post('/echo').send({ a: 1 }).expect(200, { received: { a: 1 } })
    })

    it('a failing handler is a 500 without details, logged', async () => {
      const id = randomUUID()
      await request(app).get(`/fail?id=${id}`).expect(500, 'Internal Server Error\n')
      assert.match(await lineWith(id), /" 500 /)
    })

    it('quotes and backslashes in headers cannot break the log line', async () => {
      const id = randomUUID()
      await request(app).get(`/?id=${id}`).set('User-Agent', 'evil" 200 "\\x').expect(200)
      const line = await lineWith(id)
      const match = COMBINED.exec(line)
      assert.ok(match, line)
      assert.equal(match[5], '200')
      assert.doesNotMatch(match[8], /(^|[^\\])"/)
    })
  })
})
