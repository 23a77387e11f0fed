import { describe, it } from 'node:test'
import request from 'supertest'
import { answering } from './support'

describe('req.xhr', () => {
  it('is true when X-Requested-With is XMLHttpRequest, in any case', async () => {
    const app = answering((req) => req.xhr)
    await request(app).get('/').set('X-Requested-With', 'XMLHttpRequest').expect(200, 'true')
    await request(app).get('/').set('X-Requested-With', 'xmlhttprequest').expect(200, 'true')
  })

  it('is false for another value or none', async () => {
    const app = answering((req) => req.xhr)
    await request(app).get('/').set('X-Requested-With', 'fetch').expect(200, 'false')
    await request(app).get('/').expect(200, 'false')
  })
})
