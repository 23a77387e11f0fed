// `router/lib/route` (2.3): the Route class of every express5 `router.route(path)`.
import { Route } from '../../../../plugins/express5-routing'
import './layer'

export = Route
