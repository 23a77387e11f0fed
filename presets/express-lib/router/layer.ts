// `express/lib/router/layer`: the Layer class of every router's stack (patching its prototype reaches every layer).
import framework = require('../../default')

const Layer = framework.Layer

export = Layer
