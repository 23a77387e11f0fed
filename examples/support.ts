// What the examples share: finding an example's asset folder, and starting its server when run directly.
import fs from 'node:fs'
import path from 'node:path'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Application } from '../kernel'

/** The port an example listens on when run directly: `PORT`, else 3000. */
export const DEFAULT_PORT = 3000

/**
 * The source folder `examples/<name>`, where its views, public files and downloads live, from
 * either place the example runs: `examples/` itself (tsx, tests) or `dist/examples/` (built).
 * @example app.set('views', path.join(exampleDir('views'), 'views'))
 */
export function exampleDir (name: string): string {
  const candidates = [
    path.join(__dirname, name),
    path.join(__dirname, '..', '..', 'examples', name)
  ]
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, 'index.ts'))) return dir
  }
  throw new Error(`Cannot find the source folder of example "${name}" from ${__dirname}`)
}

/**
 * Starts an example on `PORT` (default 3000) and prints its URL. Call it only when the file is
 * run directly: `if (require.main === module) listen(app, 'hello-world')`.
 */
export function listen (app: Application, name: string): Server {
  const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`PORT must be a port number, not "${process.env.PORT}"`)
  const server = app.listen(port, function listening () {
    const address = server.address() as AddressInfo
    console.log(`${name} listening on http://localhost:${address.port}/`)
  })
  return server
}
