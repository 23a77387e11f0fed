// express-session on the default preset: a session kept across requests by its cookie, as its README shows.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import session from 'express-session'
import express = require('../../presets/default')

// Session data is typed the way express-session's typings document.
declare module 'express-session' {
  interface SessionData { views: number }
}

function counterApp (cookie: session.CookieOptions = {}) {
  const app = express()
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, cookie }))
  app.get('/', (req, res) => {
    req.session.views = (req.session.views ?? 0) + 1
    res.json({ views: req.session.views })
  })
  return app
}

describe('express-session', () => {
  it('keeps data in req.session across requests', async () => {
    const agent = request.agent(counterApp())
    const first = await agent.get('/').expect(200, { views: 1 })
    assert.match(String(first.headers['set-cookie']), /^connect\.sid=s%3A[^;]+; Path=\/; HttpOnly/)
    await agent.get('/').expect(200, { views: 2 })
    await agent.get('/').expect(200, { views: 3 })
  })

  it('starts a new session without the cookie', async () => {
    const app = counterApp()
    await request(app).get('/').expect(200, { views: 1 })
    await request(app).get('/').expect(200, { views: 1 })
  })

  it('sets no cookie for an uninitialized session when saveUninitialized is false', async () => {
    const app = express()
    app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }))
    app.get('/', (req, res) => { res.send('hi') })
    const r = await request(app).get('/').expect(200, 'hi')
    assert.equal(r.headers['set-cookie'], undefined)
  })

  it('sets a secure cookie only over HTTPS as req.secure sees it with trust proxy', async () => {
    const app = counterApp({ secure: true })
    app.set('trust proxy', 1)
    const plain = await request(app).get('/').expect(200)
    assert.equal(plain.headers['set-cookie'], undefined)
    const https = await request(app).get('/').set('X-Forwarded-Proto', 'https').expect(200)
    assert.match(String(https.headers['set-cookie']), /; Secure/)
  })

  it('limits the cookie to its path, matched against req.originalUrl in a mounted app', async () => {
    const app = express()
    const admin = express()
    admin.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, cookie: { path: '/admin' } }))
    admin.get('/', (req, res) => { res.send(req.sessionID ? 'yes' : 'no') })
    app.use('/admin', admin)
    const r = await request(app).get('/admin/').expect(200, 'yes')
    assert.match(String(r.headers['set-cookie']), /; Path=\/admin;/)
  })

  it('regenerates and destroys sessions', async () => {
    const app = express()
    app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true }))
    app.get('/id', (req, res) => { res.send(req.sessionID) })
    app.get('/regenerate', (req, res, next) => {
      req.session.regenerate((err) => { if (err) return next(err); res.send(req.sessionID) })
    })
    app.get('/destroy', (req, res, next) => {
      req.session.destroy((err) => { if (err) return next(err); res.send('gone') })
    })
    const agent = request.agent(app)
    const id = (await agent.get('/id').expect(200)).text
    const regenerated = (await agent.get('/regenerate').expect(200)).text
    assert.notEqual(regenerated, id)
    assert.equal((await agent.get('/id').expect(200)).text, regenerated)
    await agent.get('/destroy').expect(200, 'gone')
  })
})
