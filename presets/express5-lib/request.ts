// `express/lib/request` of Express 5: the request prototype of the express5 preset.
import framework = require('../express5')

const request: Record<string, any> = framework.request

export = request
