// Applications: express(), settings, listen, locals, mounting.
// Each `// @snippet name` block is one self-contained file.

// @snippet create-app
import express = require('express')
const app = express()
app.listen(3000)

// @snippet default-import
import express from 'express'
const app = express()
app.listen(3000, () => console.log('up'))

// @snippet listen-returns-server
import express from 'express'
import http = require('http')
const app = express()
const server: http.Server = app.listen(0)
server.close()

// @snippet listen-host-callback
import express from 'express'
const app = express()
app.listen(8080, '127.0.0.1', () => {})

// @snippet listen-host-backlog
import express from 'express'
const app = express()
app.listen(8080, '0.0.0.0', 511, () => {})

// @snippet listen-path
import express from 'express'
const app = express()
app.listen('/tmp/app.sock')

// @snippet app-as-http-handler
import express from 'express'
import http from 'http'
const app = express()
http.createServer(app).listen(0)

// @snippet app-type-express
import express, { Express } from 'express'
const app: Express = express()
app.get('/', (req, res) => { res.send('ok') })

// @snippet app-type-application
import express, { Application } from 'express'
const app: Application = express()
app.use(express.json())

// @snippet application-not-generic
import express = require('express')
// @ts-expect-error
const app: express.Application<{ user: string }> = express()

// @snippet core-application-generic
import express from 'express'
import * as core from 'express-serve-static-core'
const app = express() as unknown as core.Application<{ title: string }>
const t: string = app.locals.title

// @snippet settings-set-get
import express from 'express'
const app = express()
app.set('view engine', 'pug')
const engine = app.get('view engine')
app.set('trust proxy', 1)

// @snippet settings-enable
import express from 'express'
const app = express()
app.enable('trust proxy')
app.disable('x-powered-by')
const on: boolean = app.enabled('etag')
const off: boolean = app.disabled('strict routing')

// @snippet settings-chain
import express from 'express'
const app = express()
app.set('x', 1).enable('y').disable('z').set('w', 'v')

// @snippet app-get-setting-type
import express from 'express'
const app = express()
app.get('env') // $ExpectType any

// @snippet app-locals-any
import express from 'express'
const app = express()
app.locals.title = 'My App'
app.locals.email = 'me@example.com'
const title = app.locals.title

// @snippet app-locals-type
import express from 'express'
const app = express()
app.locals // $ExpectType Record<string, any> & Locals

// @snippet app-mountpath
import express from 'express'
const app = express()
const admin = express()
admin.on('mount', (parent) => { console.log(admin.mountpath, parent.mountpath) })
app.use('/admin', admin)

// @snippet app-path
import express from 'express'
const app = express()
const p: string = app.path()

// @snippet app-engine
import express from 'express'
const app = express()
app.engine('ntl', (filePath, options, callback) => {
  callback(null, 'rendered ' + filePath)
})

// @snippet app-engine-error
import express from 'express'
const app = express()
app.engine('ntl', (filePath, options, callback) => {
  callback(new Error('nope'))
})

// @snippet app-render
import express from 'express'
const app = express()
app.render('email', { name: 'Tobi' }, (err, html) => {
  if (err) throw err
  console.log(html.length)
})

// @snippet app-render-no-options
import express from 'express'
const app = express()
app.render('email', (err: Error, html: string) => { console.log(err, html) })

// @snippet app-settings-any
import express from 'express'
const app = express()
const env: string = app.settings.env

// @snippet app-request-response-prototypes
import express from 'express'
const app = express()
const req: express.Request = app.request
const res: express.Response = app.response

// @snippet app-param
import express from 'express'
const app = express()
app.param('id', (req, res, next, id) => {
  console.log(id)
  next()
})

// @snippet app-param-array
import express from 'express'
const app = express()
app.param(['id', 'page'], (req, res, next, value, name) => {
  console.log(name, value)
  next()
})

// @snippet app-route
import express from 'express'
const app = express()
app.route('/book')
  .get((req, res) => { res.send('get') })
  .post((req, res) => { res.send('post') })
  .put((req, res) => { res.send('put') })

// @snippet app-all
import express from 'express'
const app = express()
app.all('/secret', (req, res, next) => { next() })

// @snippet app-methods
import express from 'express'
const app = express()
app.post('/', (req, res) => { res.end() })
app.put('/', (req, res) => { res.end() })
app.delete('/', (req, res) => { res.end() })
app.patch('/', (req, res) => { res.end() })
app.options('/', (req, res) => { res.end() })
app.head('/', (req, res) => { res.end() })

// @snippet app-use-sub-app
import express from 'express'
const app = express()
const blog = express()
blog.get('/', (req, res) => { res.send('blog') })
app.use('/blog', blog)

// @snippet app-use-array-paths
import express from 'express'
const app = express()
app.use(['/a', '/b'], (req, res, next) => next())

// @snippet app-use-regexp
import express from 'express'
const app = express()
app.use(/^\/api/, (req, res, next) => next())

// @snippet app-use-many
import express from 'express'
const app = express()
const a: express.RequestHandler = (req, res, next) => next()
const b: express.RequestHandler = (req, res, next) => next()
app.use(a, b, [a, b])

// @snippet app-get-wrong-arg
import express from 'express'
const app = express()
// @ts-expect-error
app.get(42, (req, res) => {})

// @snippet listen-wrong-arg
import express from 'express'
const app = express()
// @ts-expect-error
app.listen({ port: 3000 }, 'nope')

// @snippet enabled-returns-boolean
import express from 'express'
const app = express()
app.enabled('x') // $ExpectType boolean

// @snippet app-listen-type
import express from 'express'
const app = express()
app.listen(0) // $ExpectType Server<typeof IncomingMessage, typeof ServerResponse>

// @snippet express-returns-express
import express from 'express'
const app = express() // $ExpectType Express

// @snippet query-parser-function
import express from 'express'
import qs from 'qs'
const app = express()
app.set('query parser', (str: string) => qs.parse(str, { depth: 1 }))

// @snippet express-query
import express from 'express'
const app = express()
app.use(express.query({ depth: 2 }))

// @snippet app-init
import express from 'express'
const app = express()
app.init()
app.defaultConfiguration()

// @snippet app-router-string
import express from 'express'
const app = express()
const r = app.router

// @snippet app-emitter
import express from 'express'
const app = express()
app.emit('custom', 1)
app.once('custom', () => {})

// @snippet core-express-type
import express from 'express'
import * as core from 'express-serve-static-core'
const app: core.Express = express()

// @snippet core-application-locals-type
import express from 'express'
import * as core from 'express-serve-static-core'
function f(app: core.Application<{ version: string }>) {
  app.locals // $ExpectType { version: string; } & Locals
}

// @snippet core-application-locals-missing
import * as core from 'express-serve-static-core'
function f(app: core.Application<{ version: string }>) {
  // @ts-expect-error
  app.locals.nothing
}

// @snippet core-params-dictionary
import { ParamsDictionary } from 'express-serve-static-core'
const p: ParamsDictionary = { id: '1' }

// @snippet core-query-type
import { Query } from 'express-serve-static-core'
const q: Query = { a: 'b', c: ['d'], e: { f: 'g' } }

// @snippet app-locals-assign-function
import express from 'express'
const app = express()
app.locals.format = (n: number) => n.toFixed(2)

// @snippet app-use-returns-this
import express from 'express'
const app = express()
const back: express.Express = app.use((req, res, next) => next())

// @snippet app-listen-callback-error
import express from 'express'
const app = express()
app.listen(3000, () => { console.log('listening') }).on('error', (err) => {})

// @snippet app-disable-wrong-arg
import express from 'express'
const app = express()
// @ts-expect-error
app.disable(1)

// @snippet express-function-type
import express from 'express'
const create: () => express.Express = express

// @snippet express-router-is-function
import express from 'express'
const make = express.Router
make({ strict: true })

// @snippet express-static-is-function
import express from 'express'
const serve = express.static
serve('x')

// @snippet express-json-is-function
import express from 'express'
const parse = express.json
parse()

// @snippet app-mount-event-parent-type
import express from 'express'
const admin = express()
admin.on('mount', (parent) => {
  parent // $ExpectType Application<Record<string, any>>
})
