import { describe, it } from 'node:test'
import request from 'supertest'
import { answering } from './support'

describe('req.accepts(types)', () => {
  it('returns the first offer when there is no Accept header', async () => {
    const app = answering((req) => req.accepts(['json', 'html']))
    await request(app).get('/').unset('Accept').expect(200, '"json"')
  })

  it('returns the best match by quality, as the offer was written', async () => {
    const app = answering((req) => req.accepts(['html', 'application/json', 'text/plain']))
    await request(app).get('/').set('Accept', 'text/html;q=0.5, application/json').expect(200, '"application/json"')
    await request(app).get('/').set('Accept', 'text/*').expect(200, '"html"')
  })

  it('takes a list of arguments and a single type', async () => {
    await request(answering((req) => req.accepts('png', 'json'))).get('/').set('Accept', 'application/json').expect(200, '"json"')
    await request(answering((req) => req.accepts('json'))).get('/').set('Accept', 'application/json').expect(200, '"json"')
  })

  it('returns false when nothing offered is acceptable', async () => {
    const app = answering((req) => req.accepts(['json', 'html']))
    await request(app).get('/').set('Accept', 'image/png').expect(200, 'false')
  })

  it('returns every accepted type, best first, without arguments', async () => {
    const app = answering((req) => req.accepts())
    await request(app).get('/').set('Accept', 'text/plain;q=0.2, application/json').expect(200, JSON.stringify(['application/json', 'text/plain']))
  })

  it('reads nothing acceptable from a malformed Accept header, without throwing', async () => {
    const app = answering((req) => [req.accepts(['json']), req.accepts()])
    await request(app).get('/').set('Accept', ';;;,,/;q=x').expect(200, JSON.stringify([false, []]))
  })

  it('refuses a type with quality 0', async () => {
    const app = answering((req) => req.accepts('html'))
    await request(app).get('/').set('Accept', 'text/html;q=0').expect(200, 'false')
  })
})
