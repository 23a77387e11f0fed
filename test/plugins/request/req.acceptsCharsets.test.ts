import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { answering } from './support'

describe('req.acceptsCharsets(charset [, ...])', () => {
  it('returns the first offer without an Accept-Charset header', async () => {
    await request(answering((req) => req.acceptsCharsets('utf-8', 'iso-8859-1'))).get('/').expect(200, '"utf-8"')
  })

  it('returns the offer the client prefers', async () => {
    const app = answering((req) => req.acceptsCharsets(['utf-8', 'iso-8859-1']))
    await request(app).get('/').set('Accept-Charset', 'utf-8;q=0.1, iso-8859-1').expect(200, '"iso-8859-1"')
  })

  it('returns false when none is acceptable', async () => {
    const app = answering((req) => req.acceptsCharsets('utf-16'))
    await request(app).get('/').set('Accept-Charset', 'utf-8').expect(200, 'false')
  })

  it('lists the accepted charsets without arguments', async () => {
    const app = answering((req) => req.acceptsCharsets())
    await request(app).get('/').set('Accept-Charset', 'a;q=0.5, b').expect(200, JSON.stringify(['b', 'a']))
  })
})

describe('req.acceptsCharset(charset) (deprecated)', () => {
  it('answers like acceptsCharsets and emits a deprecation', async () => {
    const seen: string[] = []
    const onDeprecation = (err: Error) => { seen.push(err.message) }
    process.on('deprecation', onDeprecation)
    try {
      const app = answering((req) => req.acceptsCharset('utf-8', 'iso-8859-1'))
      await request(app).get('/').set('Accept-Charset', 'iso-8859-1').expect(200, '"iso-8859-1"')
    } finally {
      process.removeListener('deprecation', onDeprecation)
    }
    assert.deepEqual(seen, ['req.acceptsCharset: Use acceptsCharsets instead'])
  })
})
