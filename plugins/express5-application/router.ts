// app.router as Express 5 has it: the app's base router, made on first use.
import type { Application } from '../../kernel'

/** `app.router`: the app's router (created on first read), where `app.use` and the route methods add layers. */
export function defineRouter (app: Application): void {
  Object.defineProperty(app, 'router', {
    configurable: true,
    enumerable: true,
    get (this: Application) {
      this.lazyrouter()
      return this._router
    }
  })
}
