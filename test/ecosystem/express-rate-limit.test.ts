// express-rate-limit on the default preset: counting by req.ip, its headers, 429 replies, validations quiet.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { rateLimit } from 'express-rate-limit'
import path from 'node:path'
import express = require('../../presets/default')

/** A logger collecting express-rate-limit's validation messages instead of printing them. */
function collector () {
  const messages: string[] = []
  return {
    messages,
    logger: {
      error: (e: unknown) => { messages.push(String((e as any)?.code ?? e)) },
      warn: (e: unknown) => { messages.push(String((e as any)?.code ?? e)) }
    }
  }
}

describe('express-rate-limit', () => {
  it('allows `limit` requests per window, then answers 429', async () => {
    const { logger, messages } = collector()
    const limiter = rateLimit({ windowMs: 15 * 60 * 1000, limit: 2, standardHeaders: 'draft-8', legacyHeaders: false, ipv6Subnet: 56, logger })
    const app = express()
    app.use(limiter)
    app.get('/', (req, res) => { res.send('ok') })
    const first = await request(app).get('/').expect(200, 'ok')
    assert.match(first.headers.ratelimit, /^"2-in-15min"; r=1; t=\d+$/)
    assert.match(first.headers['ratelimit-policy'], /^"2-in-15min"; q=2; w=900; pk=:[^:]+:$/)
    await request(app).get('/').expect(200, 'ok')
    const limited = await request(app).get('/').expect(429, 'Too many requests, please try again later.')
    assert.match(limited.headers['retry-after'], /^\d+$/)
    assert.equal(first.headers['x-ratelimit-limit'], undefined)
    assert.deepEqual(messages, [])
  })

  it('sets the legacy and draft-6 headers and a JSON message', async () => {
    const { logger, messages } = collector()
    const app = express()
    app.use(rateLimit({ windowMs: 60_000, limit: 1, standardHeaders: 'draft-6', legacyHeaders: true, message: { error: 'slow down' }, logger }))
    app.get('/', (req, res) => { res.send('ok') })
    await request(app).get('/')
      .expect('X-RateLimit-Limit', '1').expect('X-RateLimit-Remaining', '0')
      .expect('RateLimit-Limit', '1').expect('RateLimit-Remaining', '0')
      .expect(200)
    await request(app).get('/').expect(429, { error: 'slow down' })
    assert.deepEqual(messages, [])
  })

  it('limits each client by req.ip as trust proxy computes it', async () => {
    const { logger, messages } = collector()
    const app = express()
    app.set('trust proxy', 1)
    app.use(rateLimit({ windowMs: 60_000, limit: 1, logger }))
    app.get('/', (req, res) => { res.send(req.ip) })
    await request(app).get('/').set('X-Forwarded-For', '203.0.113.1').expect(200, '203.0.113.1')
    await request(app).get('/').set('X-Forwarded-For', '203.0.113.1').expect(429)
    await request(app).get('/').set('X-Forwarded-For', '203.0.113.2').expect(200, '203.0.113.2')
    assert.deepEqual(messages, [])
  })

  it('warns through its logger when X-Forwarded-For arrives but trust proxy is off', async () => {
    const { logger, messages } = collector()
    const app = express()
    app.use(rateLimit({ windowMs: 60_000, limit: 5, logger }))
    app.get('/', (req, res) => { res.send('ok') })
    await request(app).get('/').set('X-Forwarded-For', '203.0.113.1').expect(200)
    assert.deepEqual(messages, ['ERR_ERL_UNEXPECTED_X_FORWARDED_FOR'])
  })

  it('applies to the routes it is mounted on only', async () => {
    const { logger } = collector()
    const app = express()
    app.use('/api', rateLimit({ windowMs: 60_000, limit: 1, logger }))
    app.get('/api/a', (req, res) => { res.send('a') })
    app.get('/free', (req, res) => { res.send('free') })
    await request(app).get('/api/a').expect(200)
    await request(app).get('/api/a').expect(429)
    await request(app).get('/free').expect(200, 'free')
    await request(app).get('/free').expect(200, 'free')
  })

  it('calls a custom handler with the limit info on req.rateLimit', async () => {
    const { logger } = collector()
    const app = express()
    app.use(rateLimit({
      windowMs: 60_000,
      limit: 1,
      logger,
      handler: (req: any, res, next, options) => { res.status(options.statusCode).json({ used: req.rateLimit.used, limit: req.rateLimit.limit }) }
    }))
    app.get('/', (req, res) => { res.send('ok') })
    await request(app).get('/').expect(200)
    await request(app).get('/').expect(429, { used: 2, limit: 1 })
  })

  it('warns, as on Express, when a limiter is created inside a request handler', async () => {
    // The check reads stack frames (`Layer.handle [as handle_request]`), which tsx's source-map
    // rewriting reformats: run it on the built package, as users do (`npm test` builds first).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const built = require(path.join(__dirname, '..', '..', 'dist', 'presets', 'default.js')) as typeof express
    const { logger, messages } = collector()
    const app = built()
    app.get('/', (req, res) => {
      rateLimit({ windowMs: 1000, limit: 5, logger })
      res.send('ok')
    })
    await request(app).get('/').expect(200, 'ok')
    assert.ok(messages.includes('ERR_ERL_CREATED_IN_REQUEST_HANDLER'), `validation messages: ${messages.join(', ')}`)
  })
})
