// `express/lib/router`: the function every router inherits from (its own methods are the routers'
// methods, so patching `Router.prototype.constructor.param` patches `param` of every router).
import { routerPrototype } from '../../../kernel'

export = routerPrototype
