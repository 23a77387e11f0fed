// `express/lib/response`: the response prototype of the default framework (`app.response` inherits it).
import framework = require('../default')

const response: Record<string, any> = framework.response

export = response
