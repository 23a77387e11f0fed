// The express5-application plugin: Express 5's application: app.router, app.listen's error callback, no app.del.
import { definePlugin, type Plugin } from '../../kernel'
import { callbackOnError } from './listen'
import { defineRouter } from './router'
import { dropExpress4Members } from './express4-members'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export const PLUGIN_NAME = 'express5-application'

/**
 * The application as Express 5 has it: `app.router` is the app's base router (made on first
 * read) rather than an error; `app.listen(…, callback)` calls the callback once, with the error
 * when the server fails to listen; `app.del` (Express 3's name of `app.delete`) is gone, and
 * `lazyrouter` is not one of the application's keys.
 */
export function express5ApplicationPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('express5ApplicationPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks }) {
      dropExpress4Members(hooks, PLUGIN_NAME)
      hooks.appCreated.tap(PLUGIN_NAME, defineRouter)
      hooks.listen.tap(PLUGIN_NAME, (server, _app, args) => { callbackOnError(server, args) })
    }
  })
}
