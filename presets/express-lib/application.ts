// `express/lib/application`: the application prototype every app of the default framework is mixed from.
// It loads the modules Express's does, in its order, so that tools hooking those paths see them.
import framework = require('../default')
import './router'
import './middleware/init'
import './middleware/query'
import './view'
import './utils'

const application: Record<string, any> = framework.application

export = application
