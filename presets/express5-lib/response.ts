// `express/lib/response` of Express 5: the response prototype of the express5 preset.
import framework = require('../express5')

const response: Record<string, any> = framework.response

export = response
