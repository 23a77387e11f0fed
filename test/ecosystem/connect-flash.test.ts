// connect-flash on the default preset: messages kept in the session across a redirect and rendered.
import { describe, it } from 'node:test'
import path from 'node:path'
import request from 'supertest'
import cookieParser from 'cookie-parser'
import session from 'express-session'
import flash from 'connect-flash'
import express = require('../../presets/default')

function flashApp () {
  const app = express()
  app.set('views', path.join(__dirname, '..', 'fixtures', 'ecosystem', 'views'))
  app.set('view engine', 'ejs')
  app.use(cookieParser('keyboard cat'))
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, cookie: { maxAge: 60000 } }))
  app.use(flash())
  app.get('/flash', (req, res) => {
    req.flash('info', 'Flash is back!')
    req.flash('info', 'Twice.')
    res.redirect('/')
  })
  app.get('/', (req, res) => { res.render('messages', { messages: req.flash('info') }) })
  app.get('/all', (req, res) => { res.json(req.flash()) })
  return app
}

describe('connect-flash', () => {
  it('shows the messages set before a redirect, once', async () => {
    const agent = request.agent(flashApp())
    await agent.get('/flash').expect('Location', '/').expect(302)
    await agent.get('/').expect('Content-Type', /html/).expect(200, '<ul><li>Flash is back!</li><li>Twice.</li></ul>\n')
    await agent.get('/').expect(200, '<ul></ul>\n')
  })

  it('returns every message by type with req.flash()', async () => {
    const agent = request.agent(flashApp())
    await agent.get('/flash').expect(302)
    await agent.get('/all').expect(200, { info: ['Flash is back!', 'Twice.'] })
    await agent.get('/all').expect(200, {})
  })

  it('formats messages with placeholders', async () => {
    const app = flashApp()
    app.get('/fmt', (req, res) => { req.flash('info', 'Hello %s, you have %d messages', 'tobi', 3); res.redirect('/') })
    const agent = request.agent(app)
    await agent.get('/fmt').expect(302)
    await agent.get('/').expect(200, '<ul><li>Hello tobi, you have 3 messages</li></ul>\n')
  })
})
