// Switches a plugin keeps per framework, which later plugins of the same framework may change as it is created.
import type { Framework } from '../../kernel'

/** A plugin's switches, one object per framework. */
export interface FrameworkPolicy<P extends object> {
  /**
   * The switches of `framework`, made from the defaults on first use. The plugin owning them
   * reads their fields on each call; another plugin sets them in its `apply`.
   */
  of (framework: Framework): P
}

/**
 * Declares a plugin's per-framework switches with their defaults (the behaviour of the default
 * preset). Two frameworks never share them, so a preset can change its own without touching
 * another built from the same plugins.
 *
 * @example
 * export const transferPolicy = frameworkPolicy({ symlinks: 'follow' as 'follow' | 'inside-root' })
 * // the owner: const policy = transferPolicy.of(framework); … if (policy.symlinks === 'inside-root') …
 * // another plugin: transferPolicy.of(kernel.framework).symlinks = 'inside-root'
 */
export function frameworkPolicy<P extends object> (defaults: Readonly<P>): FrameworkPolicy<P> {
  const policies = new WeakMap<Framework, P>()
  return {
    of (framework) {
      let policy = policies.get(framework)
      if (policy === undefined) {
        policy = { ...defaults }
        policies.set(framework, policy)
      }
      return policy
    }
  }
}
