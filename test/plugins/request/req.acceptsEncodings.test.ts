import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { answering } from './support'

describe('req.acceptsEncodings(encoding [, ...])', () => {
  it('returns the offer the client prefers', async () => {
    const app = answering((req) => req.acceptsEncodings(['gzip', 'br']))
    await request(app).get('/').set('Accept-Encoding', 'gzip;q=0.5, br').expect(200, '"br"')
  })

  it('returns false when every offer is refused', async () => {
    const app = answering((req) => req.acceptsEncodings('gzip'))
    await request(app).get('/').set('Accept-Encoding', 'gzip;q=0, br').expect(200, 'false')
  })

  it('accepts identity unless refused', async () => {
    const app = answering((req) => req.acceptsEncodings('identity'))
    await request(app).get('/').set('Accept-Encoding', 'gzip').expect(200, '"identity"')
  })

  it('lists the accepted encodings without arguments', async () => {
    const app = answering((req) => req.acceptsEncodings())
    await request(app).get('/').set('Accept-Encoding', 'gzip;q=0.4, deflate').expect(200, JSON.stringify(['deflate', 'gzip', 'identity']))
  })
})

describe('req.acceptsEncoding(encoding) (deprecated)', () => {
  it('answers like acceptsEncodings and emits a deprecation', async () => {
    const seen: string[] = []
    const onDeprecation = (err: Error) => { seen.push(err.message) }
    process.on('deprecation', onDeprecation)
    try {
      const app = answering((req) => req.acceptsEncoding('gzip', 'br'))
      await request(app).get('/').set('Accept-Encoding', 'br').expect(200, '"br"')
    } finally {
      process.removeListener('deprecation', onDeprecation)
    }
    assert.deepEqual(seen, ['req.acceptsEncoding: Use acceptsEncodings instead'])
  })
})
