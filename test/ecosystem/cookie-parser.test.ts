// cookie-parser on the default preset: req.cookies, signed cookies, JSON cookies, used as its README shows.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import cookieParser from 'cookie-parser'
import express = require('../../presets/default')

describe('cookie-parser', () => {
  it('parses the Cookie header into req.cookies', async () => {
    const app = express()
    app.use(cookieParser())
    app.get('/', (req, res) => { res.json({ cookies: req.cookies, signed: req.signedCookies }) })
    await request(app).get('/').set('Cookie', 'a=1; b=two%20words')
      .expect(200, { cookies: { a: '1', b: 'two words' }, signed: {} })
  })

  it('leaves req.cookies empty without a Cookie header', async () => {
    const app = express()
    app.use(cookieParser())
    app.get('/', (req, res) => { res.json(req.cookies) })
    await request(app).get('/').expect(200, {})
  })

  it('reads back a cookie that res.cookie(name, value, { signed: true }) signed with the same secret', async () => {
    const app = express()
    app.use(cookieParser('keyboard cat'))
    app.get('/set', (req, res) => { res.cookie('user', 'tobi', { signed: true }).end() })
    app.get('/get', (req, res) => { res.json({ signed: req.signedCookies, plain: req.cookies }) })
    const agent = request.agent(app)
    const set = await agent.get('/set').expect(200)
    assert.match(String(set.headers['set-cookie']), /^user=s%3Atobi\.[^;]+; Path=\//)
    await agent.get('/get').expect(200, { signed: { user: 'tobi' }, plain: {} })
  })

  it('marks a signed cookie with a forged signature as false', async () => {
    const app = express()
    app.use(cookieParser('keyboard cat'))
    app.get('/', (req, res) => { res.json(req.signedCookies) })
    await request(app).get('/').set('Cookie', 'user=s%3Atobi.forged').expect(200, { user: false })
  })

  it('parses a JSON cookie that res.cookie(name, object) wrote', async () => {
    const app = express()
    app.use(cookieParser())
    app.get('/set', (req, res) => { res.cookie('cart', { items: [1, 2] }).end() })
    app.get('/get', (req, res) => { res.json(req.cookies.cart) })
    const agent = request.agent(app)
    await agent.get('/set').expect(200)
    await agent.get('/get').expect(200, { items: [1, 2] })
  })

  it('clears a cookie with res.clearCookie', async () => {
    const app = express()
    app.use(cookieParser())
    app.get('/', (req, res) => { res.clearCookie('a').json(req.cookies) })
    const r = await request(app).get('/').set('Cookie', 'a=1').expect(200, { a: '1' })
    assert.match(String(r.headers['set-cookie']), /^a=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT/)
  })
})
