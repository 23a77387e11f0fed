// `express/lib/middleware/init`: `init(app)` makes the first layer of every app's router
// (`expressInit`: links req and res, sets X-Powered-By and the app's prototypes).
import { initMiddleware } from '../../../kernel/application'

export const init = initMiddleware
