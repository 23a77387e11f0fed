// `express/lib/router`: `express.Router`, the function every router of the framework inherits from
// (its own methods are the routers' methods, so patching `Router.prototype.constructor.param`
// patches `param` of every router).
import framework = require('../../default')

export = framework.Router
