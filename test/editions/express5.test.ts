// The Express 5 edition installed as `express`, compared with express@5 (see suite.ts).
import { describeEdition } from './suite'

describeEdition({
  major: 5,
  express: 'express@^5.3.0',
  // Peer ranges: `>=4.11`, `4 || 5 || ^5.0.0-beta.1`, `^4.0.0 || ^5.0.0-alpha.1`, `>=4.0.0 || >=5.0.0-beta`.
  peers: ['express-rate-limit@^8.7.4', 'express-slow-down@^3.1.1', 'express-ws@^5.0.2', 'swagger-ui-express@^5.0.1'],
  others: ['@types/node@^18', '@types/express@^5.0.6'],
  app: `
    const express = require('express')
    const { rateLimit } = require('express-rate-limit')
    const { slowDown } = require('express-slow-down')
    const swaggerUi = require('swagger-ui-express')
    const app = express()
    require('express-ws')(app)
    app.use(rateLimit({ windowMs: 60000, limit: 6, standardHeaders: 'draft-7', legacyHeaders: false }))
    app.use(slowDown({ windowMs: 60000, delayAfter: 100 }))
    app.use(express.json())
    app.use('/docs', swaggerUi.serve, swaggerUi.setup({ openapi: '3.0.0', info: { title: 'T', version: '1' }, paths: {} }))
    const users = express.Router({ mergeParams: true })
    users.get('/{:id}', (req, res) => res.json({ org: req.params.org, id: req.params.id, q: req.query }))
    app.use('/orgs/:org/users', users)
    app.post('/echo', (req, res) => res.status(201).json(req.body))
    app.get('/boom', async () => { throw new Error('async boom') })
    app.ws('/socket', () => {})
    app.use((err, req, res, next) => res.status(500).send('caught ' + err.message))
    module.exports = app
  `,
  requests: [
    { path: '/orgs/acme/users/7?a[b]=1' },
    { path: '/orgs/acme/users' },
    { method: 'POST', path: '/echo', body: '{"x":[1,2]}', type: 'application/json' },
    { path: '/boom' },
    { path: '/missing' },
    { path: '/docs/' },
    { path: '/docs/swagger-ui-init.js' },
    { path: '/orgs/acme/users/9' }
  ],
  headers: ['content-type', 'content-length', 'etag', 'ratelimit', 'x-powered-by'],
  libPaths: ['lib/express', 'lib/application', 'lib/request', 'lib/response', 'lib/view', 'lib/utils'],
  hookedPackages: { router: ['index.js', 'lib/layer.js', 'lib/route.js'] },
  userPath: '/users/{:id}'
})
