// The ESM entry (`import` condition, default.d.mts): default and named value imports, and named type imports.
import express, { Router, Route, json, urlencoded, static as serveStatic } from 'ristretto'
import type { Request, Response, NextFunction, RequestHandler, ErrorRequestHandler, Application, Express, Settings } from 'ristretto'
import { expectType } from './assert-type.js'

const app: Express = express()
const router: Router = Router()
const viaDefault: express.Router = express.Router({ strict: true })

const auth: RequestHandler = (req, res, next) => {
  expectType<string | undefined>()(req.get('authorization'))
  next()
}
const onError: ErrorRequestHandler = (err, req, res, next) => { res.status(500).send(String(err)) }

router.get('/items/:id', auth, (req: Request<{ id: string }>, res: Response) => { res.json({ id: req.params.id }) })
app.use(json(), urlencoded({ extended: false }), serveStatic('public'))
app.use('/api', router, viaDefault)
app.use(onError)
app.use((err: Error, req: Request, res: Response, next: NextFunction) => { next(err) })

const route: Route = app.route('/x')
route.get((req, res) => { res.end() })
const sameApp: Application = app
const env: Settings['env'] = sameApp.get('env')
expectType<string>()(env)
const envAgain: Settings['env'] = app.set('env')
expectType<string>()(envAgain)
