import { describe, it, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import logger from '../../../plugins/logger'
import { bareServer, captureLines, showColors } from './support'

process.on('deprecation', () => {})

const CLF_DATE = /\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000/
const WEB_DATE = /\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/
const TIMER = /\d+\.\d{3} ms/

/** One request through a bare server logging with `format`; returns the line and the response text. */
async function logOne (format: string, handler?: (req: http.IncomingMessage, res: http.ServerResponse) => void, immediate = false) {
  const out = captureLines()
  const res = await request(bareServer(logger(format, { stream: out.stream, immediate }), handler))
    .get('/path?q=1')
    .set('Authorization', 'Basic ' + Buffer.from('tj:pw').toString('base64'))
    .set('Referer', 'http://localhost/from')
    .set('User-Agent', 'my-ua')
  return { line: await out.nextLine(), text: res.text }
}

describe('predefined formats', () => {
  it('are exposed as properties of the logger', () => {
    assert.equal(logger.combined, ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"')
    assert.equal(logger.common, ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]')
    assert.equal(logger.short, ':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms')
    assert.equal(logger.tiny, ':method :url :status :res[content-length] - :response-time ms')
    assert.equal(typeof logger.dev, 'function')
  })

  describe('combined', () => {
    it('is the Apache combined layout', async () => {
      const { line, text } = await logOne('combined')
      assert.equal(line.replace(CLF_DATE, 'DATE'), `${text} - tj [DATE] "GET /path?q=1 HTTP/1.1" 200 - "http://localhost/from" "my-ua"`)
    })
  })

  describe('common', () => {
    it('is the Apache common layout', async () => {
      const { line, text } = await logOne('common', (req, res) => {
        const address = String(req.socket.remoteAddress)
        res.setHeader('Content-Length', Buffer.byteLength(address))
        res.end(address)
      })
      assert.equal(line.replace(CLF_DATE, 'DATE'), `${text} - tj [DATE] "GET /path?q=1 HTTP/1.1" 200 ${text.length}`)
    })
  })

  describe('default (deprecated)', () => {
    it('is combined with the web date layout', async () => {
      const { line, text } = await logOne('default')
      assert.equal(line.replace(WEB_DATE, 'DATE'), `${text} - tj [DATE] "GET /path?q=1 HTTP/1.1" 200 - "http://localhost/from" "my-ua"`)
    })
  })

  describe('short', () => {
    it('has the response time', async () => {
      const { line, text } = await logOne('short')
      assert.equal(line.replace(TIMER, 'TIME'), `${text} tj GET /path?q=1 HTTP/1.1 200 - - TIME`)
    })
  })

  describe('tiny', () => {
    it('is the minimal layout', async () => {
      const { line } = await logOne('tiny', (req, res) => { res.setHeader('Content-Length', 4); res.end('four') })
      assert.equal(line.replace(TIMER, 'TIME'), 'GET /path?q=1 200 4 - TIME')
    })
  })

  describe('dev', () => {
    const noColor = process.env.NO_COLOR
    afterEach(() => {
      if (noColor === undefined) delete process.env.NO_COLOR
      else process.env.NO_COLOR = noColor
    })

    const withStatus = (code: number) => (req: http.IncomingMessage, res: http.ServerResponse) => {
      res.statusCode = code
      res.end()
    }

    it('colours 2xx green, 3xx cyan, 4xx yellow, 5xx red', async () => {
      delete process.env.NO_COLOR
      for (const [code, color] of [[200, 32], [302, 36], [404, 33], [503, 31]]) {
        const { line } = await logOne('dev', withStatus(code))
        assert.equal(showColors(line).replace(TIMER, 'TIME'), `<0>GET /path?q=1 <${color}>${code}<0> TIME - -<0>`)
      }
    })

    it('does not colour a response that has not started (immediate)', async () => {
      delete process.env.NO_COLOR
      const { line } = await logOne('dev', undefined, true)
      assert.equal(showColors(line), '<0>GET /path?q=1 <0>-<0> - ms - -<0>')
    })

    it('writes no colours when NO_COLOR is set', async () => {
      process.env.NO_COLOR = '1'
      const { line } = await logOne('dev', withStatus(500))
      assert.equal(line.replace(TIMER, 'TIME'), 'GET /path?q=1 500 TIME - -')
    })

    it('keeps colours when NO_COLOR is empty', async () => {
      process.env.NO_COLOR = ''
      const { line } = await logOne('dev', withStatus(200))
      assert.ok(line.includes('\x1b[32m200\x1b[0m'))
    })
  })
})
