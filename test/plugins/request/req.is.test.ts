import { describe, it } from 'node:test'
import request from 'supertest'
import { answering } from './support'

describe('req.is(types)', () => {
  it('returns the matching extension or type for a body of that Content-Type', async () => {
    const app = answering((req) => [req.is('json'), req.is('application/json'), req.is('application/*'), req.is(['html', 'json'])])
    await request(app).post('/').set('Content-Type', 'application/json; charset=utf-8').send('{}')
      .expect(200, JSON.stringify(['json', 'application/json', 'application/json', 'json']))
  })

  it('takes several arguments', async () => {
    const app = answering((req) => req.is('html', 'text/*'))
    await request(app).post('/').set('Content-Type', 'text/plain').send('x').expect(200, '"text/plain"')
  })

  it('returns false when the body has another type', async () => {
    const app = answering((req) => req.is('json'))
    await request(app).post('/').set('Content-Type', 'text/plain').send('x').expect(200, 'false')
  })

  it('returns null when the request has no body', async () => {
    const app = answering((req) => req.is('json'))
    await request(app).get('/').set('Content-Type', 'application/json').expect(200, 'null')
  })

  it('returns false, not an error, for a malformed Content-Type', async () => {
    const app = answering((req) => req.is('json'))
    await request(app).post('/').set('Content-Type', 'nonsense;;').send('x').expect(200, 'false')
  })

  it('returns the Content-Type itself without arguments', async () => {
    const app = answering((req) => (req.is as () => unknown)())
    await request(app).post('/').set('Content-Type', 'text/html; charset=utf-8').send('x').expect(200, '"text/html"')
  })
})
