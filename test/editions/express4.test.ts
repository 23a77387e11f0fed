// The Express 4 edition installed as `express`, compared with express@4 (see suite.ts).
import { describeEdition } from './suite'

describeEdition({
  major: 4,
  express: 'express@^4.22.3',
  // Peer ranges: `^4.16.2`, `>=4.11`, `4 || 5 || ^5.0.0-beta.1`, `^4.0.0 || ^5.0.0-alpha.1`.
  peers: ['express-async-errors@^3.1.1', 'express-rate-limit@^8.7.4', 'express-slow-down@^3.1.1', 'express-ws@^5.0.2'],
  others: ['@types/node@^16', '@types/express@^4.17.21'],
  app: `
    require('express-async-errors')
    const express = require('express')
    const { rateLimit } = require('express-rate-limit')
    const { slowDown } = require('express-slow-down')
    const app = express()
    require('express-ws')(app)
    app.use(rateLimit({ windowMs: 60000, limit: 5, standardHeaders: 'draft-7', legacyHeaders: false }))
    app.use(slowDown({ windowMs: 60000, delayAfter: 100 }))
    app.use(express.json())
    const users = express.Router({ mergeParams: true })
    users.get('/:id', (req, res) => res.json({ org: req.params.org, id: req.params.id, q: req.query }))
    app.use('/orgs/:org/users', users)
    app.post('/echo', (req, res) => res.status(201).json(req.body))
    app.get('/boom', async () => { throw new Error('async boom') })
    app.ws('/socket', () => {})
    app.use((err, req, res, next) => res.status(500).send('caught ' + err.message))
    module.exports = app
  `,
  requests: [
    { path: '/orgs/acme/users/7?a[b]=1' },
    { method: 'POST', path: '/echo', body: '{"x":[1,2]}', type: 'application/json' },
    { path: '/boom' },
    { path: '/missing' },
    { path: '/orgs/acme/users/8' },
    { path: '/orgs/acme/users/9' }
  ],
  headers: ['content-type', 'content-length', 'etag', 'ratelimit', 'x-powered-by'],
  libPaths: [
    'lib/express', 'lib/application', 'lib/request', 'lib/response', 'lib/router', 'lib/router/index',
    'lib/router/route', 'lib/router/layer', 'lib/middleware/init', 'lib/middleware/query', 'lib/view', 'lib/utils'
  ],
  hookedPackages: {},
  userPath: '/users/:id'
})
