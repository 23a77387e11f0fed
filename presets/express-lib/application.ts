// `express/lib/application`: the application prototype every app of the default framework is mixed from.
// It loads the modules Express's does, in its order, so that tools hooking those paths see them.
import framework = require('../default')
import './router'
import './middleware/init'
import query = require('./middleware/query')
import './view'
import './utils'
import { makeAppQueryLayersWith } from '../../plugins/query'

// Apps make their `query` layer with what `./middleware/query` exported to this module, as
// Express's do: a tool that wrapped that export as node loaded it wraps every app's layer.
makeAppQueryLayersWith(framework, query)

const application: Record<string, any> = framework.application

export = application
