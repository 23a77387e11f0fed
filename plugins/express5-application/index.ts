// The express5-application plugin: Express 5's application: app.router, app.listen's error callback, no app.del.
import { definePlugin, type Plugin } from '../../kernel'
import { callbackOnError } from './listen'
import { defineRouter } from './router'

export const PLUGIN_NAME = 'express5-application'

/**
 * The application as Express 5 has it: `app.router` is the app's base router (made on first
 * read) rather than an error; `app.listen(…, callback)` calls the callback once, with the error
 * when the server fails to listen; `app.del` (Express 3's name of `app.delete`) is gone.
 */
export function express5ApplicationPlugin (): Plugin {
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks }) {
      hooks.appCreated.tap(PLUGIN_NAME, (app) => {
        // Each app holds its own copy of the application's methods: Express 3's name goes from it.
        Reflect.deleteProperty(app, 'del')
        defineRouter(app)
      })
      hooks.listen.tap(PLUGIN_NAME, (server, _app, args) => { callbackOnError(server, args) })
    }
  })
}
