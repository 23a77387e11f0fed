import { describe, it } from 'node:test'
import request from 'supertest'
import { answering } from './support'

describe('req.get(name)', () => {
  it('returns a header, whatever the case of its name', async () => {
    const app = answering((req) => [req.get('Content-Type'), req.get('content-type'), req.get('X-CUSTOM')])
    await request(app).post('/').set('Content-Type', 'application/json').set('x-custom', 'v')
      .send('{}').expect(200, JSON.stringify(['application/json', 'application/json', 'v']))
  })

  it('returns undefined for an absent header', async () => {
    await request(answering((req) => req.get('X-Absent') ?? null)).get('/').expect(200, 'null')
  })

  it('answers Referer and Referrer for each other', async () => {
    const app = answering((req) => [req.get('Referer'), req.get('Referrer'), req.get('referrer')])
    await request(app).get('/').set('Referer', 'http://a.example/').expect(200, JSON.stringify(Array(3).fill('http://a.example/')))
    await request(app).get('/').set('Referrer', 'http://b.example/').expect(200, JSON.stringify(Array(3).fill('http://b.example/')))
  })

  it('prefers Referrer when both are sent', async () => {
    const app = answering((req) => req.get('referer'))
    await request(app).get('/').set('Referrer', 'http://two/').set('Referer', 'http://one/').expect(200, '"http://two/"')
  })

  it('returns the array node keeps for Set-Cookie', async () => {
    const app = answering((req) => req.get('Set-Cookie'))
    await request(app).get('/').set('Set-Cookie', ['a=1', 'b=2'] as unknown as string).expect(200, JSON.stringify(['a=1', 'b=2'])) // sent as two header lines
  })

  it('throws a TypeError without a name', async () => {
    const app = answering((req) => (req.get as (n?: unknown) => unknown)())
    await request(app).get('/').expect(500, 'TypeError: name argument is required to req.get')
  })

  it('throws a TypeError for a name that is not a string', async () => {
    const app = answering((req) => (req.get as (n?: unknown) => unknown)(42))
    await request(app).get('/').expect(500, 'TypeError: name must be a string to req.get')
  })
})

describe('req.header(name)', () => {
  it('is req.get', async () => {
    const app = answering((req) => [req.header === req.get, req.header('Referrer')])
    await request(app).get('/').set('Referer', 'http://r/').expect(200, JSON.stringify([true, 'http://r/']))
  })
})
