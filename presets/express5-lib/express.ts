// `express/lib/express` of Express 5: the express5 preset itself (callable, with its statics).
// It loads the modules Express 5's does, in its order, so that tools hooking those paths see
// them, and its `Router` is what the `router` package exports, as Express 5's is: a tool that
// replaces that export (dd-trace) makes the apps' routers too.
import framework = require('../express5')
import './application'
import Router = require('./router')
import './request'
import './response'

framework.Router = Router

export = framework
