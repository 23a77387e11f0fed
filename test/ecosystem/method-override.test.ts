// method-override on the default preset: the method from a header or from the body, before routing.
import { describe, it } from 'node:test'
import request from 'supertest'
import methodOverride from 'method-override'
import express = require('../../presets/default')

// @types/method-override means to declare this globally but its declaration stays module-local.
declare global {
  namespace Express {
    interface Request { originalMethod?: string }
  }
}

describe('method-override', () => {
  it('routes a POST as the method in X-HTTP-Method-Override', async () => {
    const app = express()
    app.use(methodOverride('X-HTTP-Method-Override'))
    app.delete('/resource', (req, res) => { res.send(`${req.method} from ${req.originalMethod}`) })
    await request(app).post('/resource').set('X-HTTP-Method-Override', 'DELETE').expect(200, 'DELETE from POST')
  })

  it('ignores the header on a GET (only POST is overridden by default)', async () => {
    const app = express()
    app.use(methodOverride('X-HTTP-Method-Override'))
    app.get('/resource', (req, res) => { res.send(req.method) })
    app.delete('/resource', (req, res) => { res.send('deleted') })
    await request(app).get('/resource').set('X-HTTP-Method-Override', 'DELETE').expect(200, 'GET')
  })

  it('reads the method from a urlencoded body with a custom getter', async () => {
    const app = express()
    app.use(express.urlencoded({ extended: false }))
    app.use(methodOverride(function (req: any) {
      if (req.body && typeof req.body === 'object' && '_method' in req.body) {
        const method = req.body._method
        delete req.body._method
        return method
      }
    }))
    app.put('/users/:id', (req, res) => { res.json({ id: req.params.id, body: req.body }) })
    await request(app).post('/users/5').type('form').send('_method=PUT&name=tobi')
      .expect(200, { id: '5', body: { name: 'tobi' } })
  })

  it('reads the method from the query string', async () => {
    const app = express()
    app.use(methodOverride('_method'))
    app.patch('/item', (req, res) => { res.send('patched') })
    await request(app).post('/item?_method=PATCH').expect(200, 'patched')
  })

  it('overrides inside a mounted router too', async () => {
    const app = express()
    const router = express.Router()
    router.use(methodOverride('X-HTTP-Method-Override'))
    router.put('/thing', (req, res) => { res.send('put') })
    app.use('/api', router)
    await request(app).post('/api/thing').set('X-HTTP-Method-Override', 'PUT').expect(200, 'put')
  })
})
