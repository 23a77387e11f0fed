// `express/lib/application`: the application prototype every app of the default framework is mixed from.
import framework = require('../default')

const application: Record<string, any> = framework.application

export = application
