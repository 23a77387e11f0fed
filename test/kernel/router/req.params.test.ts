import { describe, it } from 'node:test'
import request from 'supertest'
import minimal from '../../../presets/minimal'

describe('req.params', () => {
  it('is {} for middleware mounted without parameters', async () => {
    const app = minimal()
    app.use((req, res) => { res.end(JSON.stringify(req.params)) })
    await request(app).get('/x').expect(200, '{}')
  })

  it('holds URI-decoded values', async () => {
    const app = minimal()
    app.get('/users/:id', (req, res) => { res.end(`user ${req.params.id}`) })
    await request(app).get('/users/a%20b').expect(200, 'user a b')
    await request(app).get('/users/caf%C3%A9').expect(200, 'user café')
    await request(app).get('/users/a%2Fb').expect(200, 'user a/b')
  })

  it('decodes regexp captures and * too', async () => {
    const app = minimal()
    app.get('/files/*', (req, res) => { res.end(req.params[0]) })
    app.get(/^\/re\/(.+)$/, (req, res) => { res.end(req.params[0]) })
    await request(app).get('/files/my%20dir/a.txt').expect(200, 'my dir/a.txt')
    await request(app).get('/re/x%3Dy').expect(200, 'x=y')
  })

  it('gives 400 for a value that cannot be decoded, with the value in the message', async () => {
    const app = minimal()
    app.get('/users/:id', (req, res) => { res.end('never') })
    await request(app).get('/users/%zz').expect(400, /Failed to decode param &#39;%zz&#39;/)
  })

  it('hands the 400 to error middleware as an error with status', async () => {
    const app = minimal()
    app.get('/users/:id', (req, res) => { res.end('never') })
    app.use((err: Error & { status?: number }, req: unknown, res: import('node:http').ServerResponse, next: unknown) => {
      res.end(`${err.status} ${err.message}`)
    })
    await request(app).get('/users/%E0%A4%A').expect(200, "400 Failed to decode param '%E0%A4%A'")
  })

  it('are reset between routes: a handler\'s changes do not leak', async () => {
    const app = minimal()
    app.get('/item/:id', (req, res, next) => { req.params.id = 'changed'; next() })
    app.get('/item/:id', (req, res) => { res.end(req.params.id) })
    await request(app).get('/item/original').expect(200, 'original')
  })

  it('are per layer: a mounted router sees only its own', async () => {
    const app = minimal()
    const router = minimal.Router()
    router.get('/:child', (req, res) => { res.end(JSON.stringify(req.params)) })
    app.use('/:parent', router)
    await request(app).get('/p/c').expect(200, '{"child":"c"}')
  })
})
