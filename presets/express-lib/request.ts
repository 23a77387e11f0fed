// `express/lib/request`: the request prototype of the default framework (`app.request` inherits it).
import framework = require('../default')

const request: Record<string, any> = framework.request

export = request
