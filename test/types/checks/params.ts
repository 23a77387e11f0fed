// req.params typed from Express 4 path strings, on app and router methods, use() and route().
import express, { Request, Router, ParamsDictionary } from 'ristretto'
import cors from 'cors'
import { expectType } from './assert-type'

const app = express()

app.get('/users/:id', (req) => {
  expectType<string>()(req.params.id)
  // @ts-expect-error the path has no :nope
  void req.params.nope
  // @ts-expect-error no unnamed capture, so no numbered key
  void req.params[0]
})

app.get('/users/:id/:format?', (req, res) => {
  expectType<string>()(req.params.id)
  expectType<string | undefined>()(req.params.format)
  res.send(req.params.format ?? 'json')
})

// A path with a parenthesised pattern gives a dictionary, as @types/express reads it.
app.post('/books/:bookId(\\d+)/pages/:page.:ext', (req) => {
  expectType<ParamsDictionary>()(req.params)
  expectType<string>()(req.params.anything)
})
app.post('/pages/:page.:ext', (req) => {
  expectType<{ page: string, ext: string }>()(req.params)
})

app.get('/files/*', (req) => {
  expectType<string>()(req.params[0])
  // @ts-expect-error no named parameter
  void req.params.path
})

app.all('/', (req) => {
  expectType<{}>()(req.params)
})

// Next to middleware typed for @types/express, inline handlers keep their types.
app.put('/things/:thingId', cors(), express.json(), (req, res, next) => {
  expectType<string>()(req.params.thingId)
  // @ts-expect-error still checked
  void req.params.other
  res.json(req.body)
  next()
})

// A path that is not a literal type gives a dictionary.
const dynamicPath: string = '/anything/:x'
app.get(dynamicPath, (req) => { expectType<string>()(req.params.whatever) })
app.get(/^\/re\/(\d+)$/, (req) => { expectType<string>()(req.params[0]) })
app.get(['/a/:x', '/b/:y'], (req) => { expectType<string>()(req.params.anything) })

// Error handlers on a path get its parameters too.
app.get('/fail/:code', (err: Error, req: Request<{ code: string }>, res: express.Response, next: express.NextFunction) => {
  res.status(Number(req.params.code)).send(err.message)
})

// use() with a mount path.
app.use('/orgs/:org', (req, res, next) => {
  expectType<string>()(req.params.org)
  next()
})

// route() and router methods.
const router = Router()
router.get('/posts/:postId', (req) => { expectType<string>()(req.params.postId) })
router.route('/tags/:tag')
  .get((req) => { expectType<string>()(req.params.tag) })
  .post((req, res) => {
    // @ts-expect-error the route has no :postId
    void req.params.postId
    res.end()
  })
  .all((req) => { expectType<string>()(req.params.tag) })
app.route('/reports/:year/:month?').get((req) => {
  expectType<{ year: string, month?: string }>()(req.params)
})

// A mergeParams router sees its parent's parameters where they are given (as with @types/express,
// the path alone does not name them).
const merged = Router({ mergeParams: true })
merged.get('/:postId', (req) => {
  expectType<string>()(req.params.postId)
  // @ts-expect-error not declared
  void req.params.author
})
const typedMerged = Router<{ author: string }>({ mergeParams: true })
typedMerged.get('/:postId', (req) => {
  expectType<string>()(req.params.author)
  // @ts-expect-error neither the parent's declared parameters nor the path have it
  void req.params.nope
})
router.use('/authors/:author/posts', merged, typedMerged)
app.use(router)

// Handlers typed for another path's parameters are still accepted when their request type is compatible.
function showUser (req: Request<{ id: string }>, res: express.Response): void { res.send(req.params.id) }
app.get('/people/:id', showUser)

// Explicit type arguments, in @types/express's order: params, response body, request body, query, locals.
app.post<{}, { ok: boolean }, { items: string[] }, { dryRun?: string }>('/orders', (req, res) => {
  expectType<{}>()(req.params)
  expectType<string[]>()(req.body.items)
  expectType<string | undefined>()(req.query.dryRun)
  res.json({ ok: true })
  // @ts-expect-error the response body type is given
  res.json({ ok: 'yes' })
})
// An explicit params type wins over the path's.
app.get<{ foo: string, bar: number }>('/:foo/:bar', (req) => {
  expectType<number>()(req.params.bar)
})
router.route('/explicit/:id').get<{ id: number }>((req) => { expectType<number>()(req.params.id) })
app.use<{}, any, any, {}, { user: string }>((req, res, next) => {
  expectType<string>()(res.locals.user)
  next()
})
// A handler typed for other parameters sets them (@types/express infers them from the handler).
function numericId (req: Request<{ id: number }>, res: express.Response): void { res.send(req.params.id + 1) }
app.get('/numeric/:id', numericId)
