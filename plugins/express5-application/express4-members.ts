// The kernel's application members that Express 5's application does not have, taken out of the
// framework's application once every plugin has decorated it: decorators add and replace
// members, they never take the kernel's own away.
import type { KernelHooks } from '../../kernel'

/** `app.del` (Express 3's name of `app.delete`) goes; `lazyrouter`, which the kernel calls, stays but is not enumerable (apps copy it as it is). */
export function dropExpress4Members (hooks: KernelHooks, pluginName: string): void {
  hooks.extendApplication.tap(pluginName, (application) => {
    Reflect.deleteProperty(application, 'del')
    Object.defineProperty(application, 'lazyrouter', { enumerable: false })
  })
}
