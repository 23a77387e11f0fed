// The application: creation, settings, listen, mounting, app.router, and what Express 5 removed.

// @snippet create
import express from 'express'
const app = express()
app.listen(3000)

// @snippet create-require
import express = require('express')
const app = express()
app.get('/', (req, res) => { res.send('ok') })

// @snippet express-type
import express, { Express } from 'express'
const app: Express = express()

// @snippet application-type
import express, { Application } from 'express'
const app: Application = express()

// @snippet settings
import express from 'express'
const app = express()
app.set('trust proxy', 1)
app.enable('case sensitive routing')
app.disable('x-powered-by')
const on: boolean = app.enabled('etag')
const off: boolean = app.disabled('etag')

// @snippet setting-read
import express from 'express'
const app = express()
const env = app.get('env')
env // $ExpectType any

// @snippet settings-any
import express from 'express'
express().settings // $ExpectType any

// @snippet locals
import express from 'express'
const app = express()
app.locals.title = 'Site'

// @snippet listen-callback-error
import express from 'express'
const app = express()
app.listen(3000, (error) => {
  error // $ExpectType Error | undefined
})

// @snippet listen-host
import express from 'express'
const server = express().listen(8080, '127.0.0.1', () => {})
server.close()

// @snippet listen-returns-server
import express from 'express'
import type { Server } from 'http'
const server: Server = express().listen()

// @snippet listen-path
import express from 'express'
express().listen('/tmp/app.sock')

// @snippet app-router-is-router
import express, { Router } from 'express'
const app = express()
const r: Router = app.router
app.router.get('/x', (req, res) => { res.end() })

// @snippet app-router-not-string
import express from 'express'
// @ts-expect-error
const name: string = express().router

// @snippet app-del-removed
import express from 'express'
const app = express()
// @ts-expect-error
app.del('/x', (req, res) => { res.end() })

// @snippet app-param-fn-removed
import express from 'express'
const app = express()
// @ts-expect-error
app.param((name: string, matcher: RegExp) => (req, res, next) => next())

// @snippet app-param
import express from 'express'
const app = express()
app.param('id', (req, res, next, value) => { next() })
app.param(['a', 'b'], (req, res, next, value, name) => { next() })

// @snippet app-mount-sub-app
import express from 'express'
const app = express()
const admin = express()
admin.on('mount', (parent) => { parent.locals })
app.use('/admin', admin)

// @snippet app-mountpath
import express from 'express'
const sub = express()
const p = sub.mountpath

// @snippet app-internal-router-removed
import express from 'express'
const stack = express()._router.stack

// @snippet app-path
import express from 'express'
const p: string = express().path()

// @snippet app-engine
import express from 'express'
const app = express()
app.engine('ntl', (path, options, callback) => { callback(null, 'html') })
app.set('view engine', 'ntl')

// @snippet app-render
import express from 'express'
express().render('email', { name: 'x' }, (err, html) => { html.length })

// @snippet app-route-chain
import express from 'express'
express().route('/book')
  .get((req, res) => { res.send('get') })
  .post((req, res) => { res.send('post') })

// @snippet app-all
import express from 'express'
express().all('/secret', (req, res, next) => { next() })

// @snippet app-methods
import express from 'express'
const app = express()
app.put('/a', (req, res) => { res.end() })
app.patch('/a', (req, res) => { res.end() })
app.delete('/a', (req, res) => { res.end() })
app.options('/a', (req, res) => { res.end() })
app.head('/a', (req, res) => { res.end() })

// @snippet app-as-handler
import express from 'express'
import http from 'http'
const app = express()
http.createServer(app)

// @snippet app-get-unknown-arity
import express from 'express'
// @ts-expect-error
express().get()

// @snippet app-request-prototype
import express from 'express'
express.request.get
express.response.send
express.application.set

// @snippet app-use-chain
import express from 'express'
const app = express()
  .use(express.json())
  .get('/', (req, res) => { res.end() })
