// vhost on the default preset: apps and routers chosen by the Host header, with req.vhost.
import { describe, it } from 'node:test'
import request from 'supertest'
import vhost from 'vhost'
import express = require('../../presets/default')

function hostedApp () {
  const mail = express()
  mail.get('/', (req, res) => { res.send('mail inbox') })

  const users = express()
  users.get('/', (req: any, res) => { res.json({ user: req.vhost[0], hostname: req.vhost.hostname, host: req.vhost.host, length: req.vhost.length }) })

  const app = express()
  app.use(vhost('mail.example.com', mail))
  app.use(vhost('*.users.example.com', users))
  app.get('/', (req, res) => { res.send('main site') })
  return app
}

describe('vhost', () => {
  it('hands the request to the app of a matching host', async () => {
    await request(hostedApp()).get('/').set('Host', 'mail.example.com').expect(200, 'mail inbox')
  })

  it('exposes the wildcard matches in req.vhost', async () => {
    await request(hostedApp()).get('/').set('Host', 'tobi.users.example.com:8080')
      .expect(200, { user: 'tobi', hostname: 'tobi.users.example.com', host: 'tobi.users.example.com:8080', length: 1 })
  })

  it('falls through to the next middleware for other hosts', async () => {
    await request(hostedApp()).get('/').set('Host', 'example.com').expect(200, 'main site')
  })

  it('lets the vhosted app 404 through the parent final handler', async () => {
    await request(hostedApp()).get('/nothing').set('Host', 'mail.example.com').expect(404, /Cannot GET \/nothing/)
  })

  it('matches a RegExp hostname and can hand off to a Router', async () => {
    const router = express.Router()
    router.get('/', (req: any, res) => { res.send(`api ${req.vhost[0]}`) })
    const app = express()
    app.use(vhost(/api-(v\d)\.example\.com/, router))
    await request(app).get('/').set('Host', 'api-v2.example.com').expect(200, 'api v2')
  })
})
