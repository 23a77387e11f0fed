import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { answering } from './support'

describe('req.host (deprecated)', () => {
  it('is req.hostname and emits a deprecation', async () => {
    const seen: string[] = []
    const onDeprecation = (err: Error) => { seen.push(err.message) }
    process.on('deprecation', onDeprecation)
    try {
      const app = answering((req) => [req.host, req.hostname])
      await request(app).get('/').set('Host', '[::1]:3000').expect(200, JSON.stringify(['[::1]', '[::1]']))
      const trusted = answering((req) => req.host, (a) => a.set('trust proxy', true))
      await request(trusted).get('/').set('X-Forwarded-Host', 'a.example:1').expect(200, '"a.example"')
    } finally {
      process.removeListener('deprecation', onDeprecation)
    }
    assert.deepEqual(seen, ['req.host: Use req.hostname instead', 'req.host: Use req.hostname instead'])
  })
})
