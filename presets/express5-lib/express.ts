// `express/lib/express` of Express 5: the express5 preset itself (callable, with its statics).
import framework = require('../express5')

export = framework
