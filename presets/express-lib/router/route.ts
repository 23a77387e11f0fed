// `express/lib/router/route`: the Route class of every `router.route(path)`.
import framework = require('../../default')
import './layer'

const Route = framework.Route

export = Route
