// `express/lib/express`: the default framework itself (callable, with its statics), as `require('express')` is.
// It loads the modules Express's does, in its order, so that tools hooking those paths see them.
import framework = require('../default')
import './application'
import './router/route'
import './router'
import './request'
import './response'
import query = require('./middleware/query')

// `express.query` is what `./middleware/query` exported here, as Express's `exports.query` is.
framework.query = query

export = framework
