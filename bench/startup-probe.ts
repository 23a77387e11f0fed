// Measures one cold start in a fresh process: require the framework and create an app. Prints JSON.
// Usage: node dist/bench/startup-probe.js <ristretto|ristretto-minimal|ristretto-express5|ristretto-opt-in|express|fastify|node>
import path from 'node:path'
import { resolvePeer } from './lib/peers'

const which = process.argv[2]
/** Found (and installed) before the clock starts: only loading it is timed. */
const fastifyPath = which === 'fastify' ? resolvePeer('fastify') : ''
const started = process.hrtime.bigint()
let app: unknown
switch (which) {
  case 'ristretto':
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app = (require(path.join(__dirname, '..', 'presets', 'default')) as () => unknown)()
    break
  case 'ristretto-minimal':
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app = (require(path.join(__dirname, '..', 'presets', 'minimal')) as () => unknown)()
    break
  case 'ristretto-express5':
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app = (require(path.join(__dirname, '..', 'presets', 'express5')) as () => unknown)()
    break
  case 'ristretto-opt-in': {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createFramework } = require(path.join(__dirname, '..', 'kernel')) as typeof import('../kernel')
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { gracefulShutdownPlugin } = require(path.join(__dirname, '..', 'plugins', 'graceful-shutdown')) as typeof import('../plugins/graceful-shutdown')
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const preset = require(path.join(__dirname, '..', 'presets', 'default')) as typeof import('../presets/default')
    app = createFramework({ plugins: [preset.plugins, gracefulShutdownPlugin({ signals: true })] })()
    break
  }
  case 'express':
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app = (require('express') as () => unknown)()
    break
  case 'fastify':
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app = (require(fastifyPath) as () => unknown)()
    break
  case 'node':
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app = (require('node:http') as typeof import('node:http')).createServer()
    break
  default:
    throw new Error(`unknown app ${which}`)
}
const ms = Number(process.hrtime.bigint() - started) / 1e6
if (!app) throw new Error('no app')
process.stdout.write(JSON.stringify({ ms, rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed }) + '\n')
