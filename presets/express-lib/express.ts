// `express/lib/express`: the default framework itself (callable, with its statics), as `require('express')` is.
import framework = require('../default')

export = framework
