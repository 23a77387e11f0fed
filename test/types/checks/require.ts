// The CommonJS form `import express = require('ristretto')`, with the types under the framework's namespace.
import express = require('ristretto')
import { expectType } from './assert-type'

const app: express.Application = express()
const router: express.Router = express.Router()

const handler: express.RequestHandler<{ id: string }> = (req, res, next) => {
  expectType<string>()(req.params.id)
  next()
}
router.get('/:id', handler)
app.use('/r', router)

function notFound (req: express.Request, res: express.Response, next: express.NextFunction): void {
  res.status(404).send(`${req.method} ${req.path} not found`)
}
app.use(notFound)

const options: express.CookieOptions = { maxAge: 1000, signed: true, sameSite: 'strict' }
app.get('/c', (req, res) => { res.cookie('a', 'b', options).end() })

const staticOptions: express.StaticOptions = { dotfiles: 'ignore', etag: true, maxAge: '1h' }
app.use(express.static('public', staticOptions))

const jsonOptions: express.JsonOptions = { strict: true, limit: '10kb' }
app.use(express.json(jsonOptions))

// @ts-expect-error Express 4 no longer bundles connect middleware: reading it throws, and the type has none
void express.bodyParser
