// The README's "Deploying" server, run as written on the runtime the test runs on: `node
// server.js` here, `bun server.js` and `deno run` through `npm run test:runtimes`. The block is
// taken from the README, written to a scratch folder whose node_modules/ristretto is this
// project, started with PORT set to a free port, and asked for a page: on Bun and Deno the
// answer comes from `Bun.serve`/`Deno.serve` with `app.fetch`, on node from `app.listen`.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ROOT, ensureBuilt } from '../support/built-package'

/** The first ```js block under the README's "Deploying" heading that serves with app.fetch. */
function deployingBlock (): string {
  const text = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const section = text.slice(text.indexOf('\n## Deploying'))
  const match = /```js\n([\s\S]*?app\.fetch[\s\S]*?)```/.exec(section)
  assert.ok(match, 'README.md has a "Deploying" section with a js block that uses app.fetch')
  return match[1]
}

function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

const runtime = (globalThis as { Bun?: unknown }).Bun !== undefined ? 'bun' : (globalThis as { Deno?: unknown }).Deno !== undefined ? 'deno' : 'node'

/** How this runtime runs a script, as the README says. */
function command (file: string): string[] {
  if (runtime === 'deno') return ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', file]
  return [file]
}

let dir: string
let child: ChildProcess | undefined
before(() => {
  ensureBuilt()
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-deploying-')))
  fs.mkdirSync(path.join(dir, 'node_modules'))
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'ristretto'), 'junction')
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'commonjs' }))
  fs.writeFileSync(path.join(dir, 'server.js'), deployingBlock())
})
after(() => {
  child?.kill()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe(`README "Deploying", on ${runtime}`, () => {
  it('the server answers, with the client address the runtime gives', async () => {
    const port = await freePort()
    child = spawn(process.execPath, command(path.join(dir, 'server.js')), { cwd: dir, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString() })
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
    const deadline = Date.now() + 20_000
    let res: Response | undefined
    while (res === undefined) {
      try {
        res = await fetch(`http://127.0.0.1:${port}/`)
      } catch {
        if (Date.now() > deadline || child.exitCode !== null) assert.fail(`the server did not answer:\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    assert.equal(res.status, 200)
    assert.match(await res.text(), /^Hello from (127\.0\.0\.1|::ffff:127\.0\.0\.1)$/)
    const missing = await fetch(`http://127.0.0.1:${port}/nope`)
    assert.equal(missing.status, 404)
    assert.match(await missing.text(), /Cannot GET \/nope/)
  })
})
