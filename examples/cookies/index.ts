// Cookies: cookie-parser reads them, res.cookie sets plain and signed ones, res.clearCookie forgets them.
import express = require('../../presets/default')
import cookieParser from 'cookie-parser'
import escapeHtml from 'escape-html'
import { listen } from '../support'

/** The secret signed cookies are signed with; set COOKIE_SECRET in real use. */
const SECRET = process.env.COOKIE_SECRET || 'keyboard cat'
/** How long "remember me" lasts: 15 minutes. */
const REMEMBER_MS = 15 * 60 * 1000
/** A visitor's name: letters, digits, spaces and a few marks, 1 to 40 characters. */
const NAME = /^[\p{L}\p{N} .'-]{1,40}$/u

const app = express()
app.use(cookieParser(SECRET))
app.use(express.urlencoded({ extended: false, limit: '1kb' }))

app.get('/', function home (req, res) {
  const { cookies, signedCookies } = req
  const base = req.baseUrl
  // cookie-parser reads a signed cookie whose signature fails as false: forget it.
  if (signedCookies.name === false) res.clearCookie('name', { path: base || '/' })
  const name = typeof signedCookies.name === 'string' ? signedCookies.name : undefined
  const visits = Number(cookies.visits)
  const count = Number.isSafeInteger(visits) && visits >= 0 ? visits + 1 : 1
  res.cookie('visits', String(count), { path: base || '/', httpOnly: true, sameSite: 'lax' })

  if (name) {
    res.send(`<p>Welcome back, ${escapeHtml(name)}! Visits: ${count}.</p>` +
      `<form method="post" action="${base}/forget"><button>Forget me</button></form>`)
    return
  }
  res.send(`<p>Visits: ${count}. Who are you?</p>` +
    `<form method="post" action="${base}/remember"><input name="name"> <button>Remember me</button></form>`)
})

app.post('/remember', function remember (req, res) {
  const name: unknown = req.body && req.body.name
  if (typeof name !== 'string' || !NAME.test(name.trim())) {
    res.status(400).send('<p>Please give a name of 1 to 40 letters.</p>')
    return
  }
  res.cookie('name', name.trim(), { signed: true, maxAge: REMEMBER_MS, httpOnly: true, sameSite: 'lax', path: req.baseUrl || '/' })
  res.redirect(303, req.baseUrl + '/')
})

app.post('/forget', function forget (req, res) {
  res.clearCookie('name', { path: req.baseUrl || '/' })
  res.redirect(303, req.baseUrl + '/')
})

app.use(function notFound (req, res) {
  res.status(404).send(`<p>Not found. <a href="${req.baseUrl}/">Home</a></p>`)
})

export = app

if (require.main === module) listen(app, 'cookies')
