// `express/lib/application` of Express 5: the application prototype of the express5 preset.
import framework = require('../express5')

const application: Record<string, any> = framework.application

export = application
