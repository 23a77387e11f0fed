// Every error code of ristretto (the `code` of its errors and warnings), and the kernel's error class.
// Programs test these codes; they never change meaning.

/** The codes, by name. Each is its own value: `RST_` and the name. */
export const ErrorCode = Object.freeze({
  /** A plugin is not an object with a non-empty string `name` and an `apply` function. */
  PLUGIN_INVALID: 'RST_PLUGIN_INVALID',
  /** Two different plugins of a plugin list have the same name. */
  PLUGIN_DUPLICATE: 'RST_PLUGIN_DUPLICATE',
  /** A plugin's `apply` threw (the message names the plugin; `cause` is what it threw). */
  PLUGIN_APPLY: 'RST_PLUGIN_APPLY',
  /** A plugin factory was given an unknown option or a value of the wrong type (the message names the closest option). */
  PLUGIN_OPTIONS: 'RST_PLUGIN_OPTIONS',
  /** A plugin names, in `dependencies`, a plugin that is not in the list. */
  PLUGIN_DEPENDENCY: 'RST_PLUGIN_DEPENDENCY',
  /** A helper was given an app or router of a framework built without the plugin it belongs to. */
  PLUGIN_MISSING: 'RST_PLUGIN_MISSING',
  /** A decorator names a member the kernel, node or another plugin already gives. */
  DECORATOR_TAKEN: 'RST_DECORATOR_TAKEN',
  /** A decorator was called after its framework was created. */
  DECORATOR_LATE: 'RST_DECORATOR_LATE',
  /** The request logger could not build or write a line (a warning, `process.emitWarning`). */
  LOGGER_FAILED: 'RST_LOGGER_FAILED',
  /** A body parser's request body sent nothing for longer than its idle timeout (a 408 error). */
  BODY_TIMEOUT: 'RST_BODY_TIMEOUT',
  /** A plugin was registered without the optional peer dependency it needs installed (the message names it). */
  PEER_MISSING: 'RST_PEER_MISSING',
  /** res.links was given a URL or relation that would add a link of its own (a TypeError; under the hardened plugin). */
  LINK_REFUSED: 'RST_LINK_REFUSED'
} as const)

/** One of the {@link ErrorCode} values. */
export type ErrorCode = typeof ErrorCode[keyof typeof ErrorCode]

/**
 * Thrown when a plugin list, a plugin or one of its decorators is inconsistent, or a plugin's
 * `apply` throws, as the framework is created (and by plugins' helpers used without their
 * plugin). `code` is stable for programs to test; `cause` holds what `apply` threw.
 * `options` is ES2022's `ErrorOptions`, spelled out for consumers whose target predates it.
 */
export class PluginError extends Error {
  constructor (readonly code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PluginError'
  }
}
