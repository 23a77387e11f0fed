// passport with passport-local on the default preset: a login flow kept in express-session.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import session from 'express-session'
import passport from 'passport'
import { Strategy as LocalStrategy } from 'passport-local'
import express = require('../../presets/default')

// The user type passport stores on req.user, declared as @types/passport documents.
declare global {
  namespace Express {
    interface User { id: number, username: string }
  }
}

const USERS = [{ id: 1, username: 'tobi', password: 'ferret' }]

function loginApp () {
  // A Passport instance of its own, so the tests do not share strategies.
  const auth = new passport.Passport()
  auth.use(new LocalStrategy(function verify (username, password, done) {
    const user = USERS.find((u) => u.username === username)
    if (!user) return done(null, false, { message: 'Incorrect username or password.' })
    if (user.password !== password) return done(null, false, { message: 'Incorrect username or password.' })
    return done(null, user)
  }))
  auth.serializeUser((user, done) => { done(null, user.id) })
  auth.deserializeUser((id: number, done) => { done(null, USERS.find((u) => u.id === id) ?? false) })

  const app = express()
  app.use(express.urlencoded({ extended: false }))
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }))
  app.use(auth.initialize())
  app.use(auth.session())

  app.get('/login', (req, res) => { res.send('login form') })
  app.post('/login/password', auth.authenticate('local', { successRedirect: '/', failureRedirect: '/login' }))
  app.post('/login/json', auth.authenticate('local'), (req, res) => { res.json({ name: req.user!.username }) })
  app.post('/logout', (req, res, next) => {
    req.logout((err) => { if (err) return next(err); res.redirect('/') })
  })
  app.get('/', (req, res) => {
    res.send(req.isAuthenticated() ? `hello ${req.user.username}` : 'hello guest')
  })
  return app
}

describe('passport + passport-local', () => {
  it('logs in with a form post, redirects, and keeps the user in the session', async () => {
    const agent = request.agent(loginApp())
    await agent.get('/').expect(200, 'hello guest')
    const login = await agent.post('/login/password').type('form').send({ username: 'tobi', password: 'ferret' })
      .expect('Location', '/').expect(302)
    assert.match(String(login.headers['set-cookie']), /^connect\.sid=/)
    await agent.get('/').expect(200, 'hello tobi')
    await agent.post('/logout').expect('Location', '/').expect(302)
    await agent.get('/').expect(200, 'hello guest')
  })

  it('redirects to the failure page on a wrong password', async () => {
    const agent = request.agent(loginApp())
    await agent.post('/login/password').type('form').send({ username: 'tobi', password: 'nope' })
      .expect('Location', '/login').expect(302)
    await agent.get('/').expect(200, 'hello guest')
  })

  it('answers 401 without redirect options', async () => {
    await request(loginApp()).post('/login/json').type('form').send({ username: 'loki', password: 'x' }).expect(401)
  })

  it('answers 400 when the credentials are missing', async () => {
    await request(loginApp()).post('/login/json').type('form').send({}).expect(400)
  })

  it('calls the next handler with req.user on success', async () => {
    await request(loginApp()).post('/login/json').type('form').send({ username: 'tobi', password: 'ferret' })
      .expect(200, { name: 'tobi' })
  })
})
