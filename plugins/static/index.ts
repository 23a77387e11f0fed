// The static plugin: framework.static(root, options), serving files with the file-transfer engine.
export { PLUGIN_NAME, staticPlugin } from './plugin'

export { serveStatic } from './serve-static'
export type { StaticOptions, StaticFactory } from './types'
