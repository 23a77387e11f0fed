// `express/lib/express`: the default framework itself (callable, with its statics), as `require('express')` is.
// It loads the modules Express's does, in its order, so that tools hooking those paths see them.
import framework = require('../default')
import './application'
import './router/route'
import './router'
import './request'
import './response'
import './middleware/query'

export = framework
