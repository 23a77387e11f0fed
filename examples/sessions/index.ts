// Sessions: an express-session login flow over a fake user store with scrypt-hashed passwords.
import express = require('../../presets/default')
import session from 'express-session'
import { rateLimit } from 'express-rate-limit'
import escapeHtml from 'escape-html'
import createError from 'http-errors'
import { listen } from '../support'
import { logUnavailable, rateLimitStore, sessionStore } from '../shared-state'
import { authenticate, MAX_PASSWORD } from './users'
import type { ErrorRequestHandler, RequestHandler } from '../../kernel'

// What this app keeps in a session: the logged-in user's name (req.session.user).
declare module 'express-session' {
  interface SessionData {
    user: string
  }
}

/** A page around `body`. */
function page (title: string, body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`
}

function loginForm (base: string, message?: string): string {
  return page('Log in', (message ? `<p class="error">${escapeHtml(message)}</p>` : '') +
    `<form method="post" action="${base}/login">` +
    '<label>Name <input name="name" autocomplete="username"></label> ' +
    '<label>Password <input name="password" type="password" autocomplete="current-password"></label> ' +
    '<button>Log in</button></form><p>Try tobi / foobar.</p>')
}

/** Lets logged-in users through; others get the login form with a 401. */
const requireLogin: RequestHandler = function requireLogin (req, res, next) {
  if (req.session.user) return next()
  res.status(401).send(loginForm(req.baseUrl, 'Please log in to see that page.'))
}

const app = express()

// Sessions live outside the process (Redis with REDIS_URL, else shared by the workers of this
// machine): any worker, on any machine, answers any request of a logged-in user.
app.use(session({
  store: sessionStore('sessions'),
  name: 'ristretto.sid',
  secret: process.env.SESSION_SECRET || 'a secret to set with SESSION_SECRET',
  resave: false,
  saveUninitialized: false,
  cookie: { httpOnly: true, sameSite: 'lax', maxAge: 60 * 60 * 1000 }
}))
app.use(express.urlencoded({ extended: false, limit: '2kb' }))

app.get('/', function home (req, res) {
  const user = req.session.user
  const base = req.baseUrl
  if (!user) {
    res.send(page('Sessions', `<p>You are not logged in. <a href="${base}/login">Log in</a></p>`))
    return
  }
  res.send(page('Sessions', `<p>Logged in as ${escapeHtml(user)}. <a href="${base}/restricted">Restricted page</a></p>` +
    `<form method="post" action="${base}/logout"><button>Log out</button></form>`))
})

app.get('/login', function showLogin (req, res) {
  res.send(loginForm(req.baseUrl))
})

/** Failed logins an address may make per 15 minutes, counted across every worker and machine. */
const LOGIN_ATTEMPTS = 20

const loginLimit = rateLimit({
  store: rateLimitStore('sessions-login'),
  windowMs: 15 * 60 * 1000,
  limit: LOGIN_ATTEMPTS,
  skipSuccessfulRequests: true,
  standardHeaders: 'draft-8',
  legacyHeaders: false,
  handler (req, res) {
    res.status(429).send(loginForm(req.baseUrl, 'Too many failed logins; try again later.'))
  }
})

app.post('/login', loginLimit, function login (req, res, next) {
  const { name, password } = (req.body ?? {}) as Record<string, unknown>
  if (typeof name !== 'string' || typeof password !== 'string' || name === '' || password === '') {
    res.status(400).send(loginForm(req.baseUrl, 'Give a name and a password.'))
    return
  }
  if (password.length > MAX_PASSWORD) {
    res.status(400).send(loginForm(req.baseUrl, 'That password is too long.'))
    return
  }
  authenticate(name, password).then((user) => {
    if (!user) {
      res.status(401).send(loginForm(req.baseUrl, 'Wrong name or password.'))
      return
    }
    // A new session id on login, so an id planted before login is worthless after it.
    req.session.regenerate(function regenerated (err) {
      if (err) return next(err)
      req.session.user = user
      req.session.save(function saved (saveErr) {
        if (saveErr) return next(saveErr)
        res.redirect(303, `${req.baseUrl}/restricted`)
      })
    })
  }, next)
})

app.get('/restricted', requireLogin, function restricted (req, res) {
  res.send(page('Restricted', `<p>Hello ${escapeHtml(req.session.user as string)}, only logged-in users see this.</p>` +
    `<p><a href="${req.baseUrl}/">Home</a></p>`))
})

app.post('/logout', function logout (req, res, next) {
  req.session.destroy(function destroyed (err) {
    if (err) return next(err)
    res.clearCookie('ristretto.sid', { path: '/' })
    res.redirect(303, `${req.baseUrl}/`)
  })
})

app.use(function notFound (req, res, next) {
  next(createError(404, 'Page not found'))
})

const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  // A store out of reach is an expected outage: one line at most, no stack (examples/shared-state).
  if (status >= 500 && req.app.get('env') !== 'test' && !logUnavailable(err, req)) console.error(err)
  // An error once the answer began (the store failing as the session is touched at its end):
  // nothing more to send.
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy()
    return
  }
  // A 503 (the session store unreachable) says so, and when to try again.
  const message = err.expose ? err.message : 'Something went wrong on our side.'
  if (err.headers && typeof err.headers['Retry-After'] === 'string') res.set('Retry-After', err.headers['Retry-After'])
  res.status(status).send(page(`Error ${status}`, `<p>${escapeHtml(message)}</p><p><a href="${req.baseUrl}/">Home</a></p>`))
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'sessions')
