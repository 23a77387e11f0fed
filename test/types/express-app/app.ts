// An app written against @types/express, its import switched to 'ristretto': it must compile unchanged.
import express, { Request, Response, NextFunction, RequestHandler, ErrorRequestHandler, Router } from 'ristretto'
import cookieParser from 'cookie-parser'
import cors from 'cors'
import session from 'express-session'
import multer from 'multer'
import helmet from 'helmet'
import compression from 'compression'
import passport from 'passport'
import { Strategy as LocalStrategy } from 'passport-local'
import { rateLimit } from 'express-rate-limit'
import methodOverride from 'method-override'
import flash from 'connect-flash'
import createError from 'http-errors'

declare module 'express-session' {
  interface SessionData {
    views: number
    userId: string
  }
}

declare global {
  namespace Express {
    interface User {
      id: string
      name: string
    }
  }
}

interface LoginBody {
  username: string
  password: string
}

interface HttpError extends Error {
  status?: number
}

const users = new Map<string, Express.User>([['1', { id: '1', name: 'tobi' }]])

passport.use(new LocalStrategy((username, password, done) => {
  const user = [...users.values()].find((u) => u.name === username)
  done(null, user ?? false)
}))
passport.serializeUser((user, done) => done(null, user.id))
passport.deserializeUser((id: string, done) => done(null, users.get(id) ?? false))

const app = express()

app.set('views', './views')
app.set('view engine', 'ejs')
app.set('trust proxy', 1)
app.disable('x-powered-by')
app.locals.title = 'My App'

app.use(helmet())
app.use(compression())
app.use(cors({ origin: 'https://example.com', credentials: true }))
app.use(express.json({ limit: '1mb' }))
app.use(express.urlencoded({ extended: true }))
app.use(cookieParser('cookie secret'))
app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, cookie: { maxAge: 60_000 } }))
app.use(flash())
app.use(passport.initialize())
app.use(passport.session())
app.use(methodOverride('_method'))
app.use(express.static('public', { maxAge: '1d', index: false }))
app.use('/api', rateLimit({ windowMs: 60_000, limit: 100 }))

const logRequest: RequestHandler = (req, res, next) => {
  console.log(req.method, req.originalUrl, req.ip, req.get('user-agent'))
  next()
}
app.use(logRequest)

function requireLogin (req: Request, res: Response, next: NextFunction): void {
  if (!req.isAuthenticated() || !req.session.userId) {
    res.status(401).json({ error: 'log in first' })
    return
  }
  res.locals.user = req.user
  next()
}

app.get('/', (req, res) => {
  req.session.views = (req.session.views ?? 0) + 1
  res.render('index', { views: req.session.views, messages: req.flash('info') })
})

app.get('/cookies', (req, res) => {
  res.cookie('theme', 'dark', { httpOnly: true, sameSite: 'lax' })
  res.json({ theme: req.cookies.theme, user: req.signedCookies.user })
})

app.post('/login', passport.authenticate('local', { failureRedirect: '/login', failureFlash: true }), (req, res) => {
  req.session.userId = req.user?.id
  res.redirect('/')
})

app.post('/register', (req: Request<{}, any, LoginBody>, res: Response) => {
  const { username, password } = req.body
  if (username.length === 0 || password.length < 8) return res.status(400).send('Bad input')
  res.status(201).json({ username })
})

const upload = multer({ dest: 'uploads/' })
app.post('/avatar', requireLogin, upload.single('avatar'), (req, res) => {
  res.json({ name: req.file?.originalname, size: req.file?.size })
})

app.get('/search', cors(), (req, res) => {
  const q = typeof req.query.q === 'string' ? req.query.q : ''
  res.format({
    json: () => res.json({ q }),
    html: () => res.send(`<p>${q}</p>`),
    default: () => res.sendStatus(406)
  })
})

interface SearchQuery { q?: string, page?: string }
interface ViewLocals { user?: Express.User }
app.get<{}, { q: string }, any, SearchQuery, ViewLocals>('/typed-search', (req, res) => {
  const page: number = Number(req.query.page ?? '1')
  res.locals.user = req.user
  res.json({ q: `${req.query.q ?? ''}:${page}` })
})
app.get<{ id: string; format: 'json' | 'xml' }>('/reports/:id.:format', (req, res) => {
  res.type(req.params.format).send(req.params.id)
})
const typedHandler: RequestHandler<{ slug: string }, string> = (req, res) => { res.send(req.params.slug) }
app.get('/pages/:slug', typedHandler)

app.get('/download/:file', async (req, res, next) => {
  res.download(`/srv/files/${req.params.file}`, (err) => { if (err) next(err) })
})

const api = Router()
api.use(requireLogin)
api.get('/users/:id', (req, res, next) => {
  const user = users.get(req.params.id)
  if (!user) return next(createError(404, 'No such user'))
  res.json(user)
})
api.route('/items/:itemId')
  .get((req, res) => { res.send(req.params.itemId) })
  .put(express.json(), (req, res) => { res.json({ id: req.params.itemId, ...req.body }) })
  .delete((req, res) => { res.sendStatus(204) })
api.param('id', (req, res, next, id) => {
  if (!/^\d+$/.test(id)) return next('route')
  next()
})
app.use('/api', api)

app.use((req, res, next) => { next(createError(404)) })

const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err)
  res.status(err.status || 500).json({ message: err.message })
}
app.use((err: HttpError, req: Request, res: Response, next: NextFunction) => {
  if (err.status === 404) return res.status(404).render('404', { url: req.originalUrl })
  next(err)
})
app.use(errorHandler)

const server = app.listen(process.env.PORT || 3000, () => {
  console.log(`listening on ${String(server.address())}`)
})

export default app
