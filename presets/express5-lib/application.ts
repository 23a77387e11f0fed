// `express/lib/application` of Express 5: the application prototype of the express5 preset.
// It loads the modules Express 5's does (its router from the `router` package, which the
// edition bundles), so that tools hooking those paths see them.
import framework = require('../express5')
import './view'
import './utils'
import './router'

const application: Record<string, any> = framework.application

export = application
