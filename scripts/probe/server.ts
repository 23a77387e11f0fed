// The app the probe attacks, run in a child process on one build: `default` (the default preset) or `hardened` (the modern preset).
// The same code for both; it does what apps commonly do with request data. Reports its port over IPC.
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Framework } from '../../kernel'

/* eslint-disable @typescript-eslint/no-explicit-any -- one app, handlers typed loosely on purpose */

const build = process.argv[2]
const top = process.argv[3]
if ((build !== 'default' && build !== 'hardened') || !top) throw new Error('usage: server.ts default|hardened <tree>')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const framework: Framework = require(build === 'hardened' ? '../../presets/modern' : '../../presets/default')
const pub = path.join(top, 'public')

/** The recursive merge many apps use on request data (recursing into what the target holds). */
function merge (target: any, source: any): any {
  for (const key of Object.keys(source)) {
    const value = source[key]
    if (value !== null && typeof value === 'object') {
      if (target[key] === null || (typeof target[key] !== 'object' && typeof target[key] !== 'function')) target[key] = {}
      merge(target[key], value)
    } else {
      target[key] = value
    }
  }
  return target
}

/** Merges `data` into a fresh object; answers whether `Object.prototype` (or Function's) gained a member, and removes it. */
function pollutionReport (data: unknown, res: any): void {
  const before = new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Function.prototype)])
  try { merge({}, data) } catch { /* a merge that throws is the app's bug, not pollution */ }
  const added = [...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Function.prototype)].filter((k) => !before.has(k))
  for (const key of added) { delete (Object.prototype as any)[key]; delete (Function.prototype as any)[key] }
  res.json({ polluted: added.length > 0 })
}

const app: any = framework()
app.set('env', 'production')
app.use(framework.json({ strict: false }), framework.urlencoded({ extended: true }), framework.text())
app.use('/static', framework.static(pub))
app.get('/dl/*', (req: any, res: any) => { res.download(pub + '/' + req.params[0]) })
app.get('/dl-cb/*', (req: any, res: any, next: any) => { res.download(pub + '/' + req.params[0], (err: any) => { if (err) next(err) }) })
app.get('/dl-root/*', (req: any, res: any) => { res.download(req.params[0], { root: pub }) })
app.get('/send/*', (req: any, res: any) => { res.sendFile(req.params[0], { root: pub }) })
app.get('/send-cb/*', (req: any, res: any, next: any) => { res.sendFile(pub + '/' + req.params[0], (err: any) => { if (err) next(err) }) })
app.post('/merge', (req: any, res: any) => { pollutionReport(req.body, res) })
app.post('/merge-simple', framework.urlencoded({ extended: false }), (req: any, res: any) => { pollutionReport(req.body, res) })
app.get('/merge', (req: any, res: any) => { pollutionReport(req.query, res) })
app.get('/redirect', (req: any, res: any) => { res.redirect(String(req.query.to)) })
app.get('/header', (req: any, res: any) => { res.set('X-Echo', String(req.query.v)).send('ok') })
app.get('/cookie', (req: any, res: any) => { res.cookie('c', String(req.query.v)).send('ok') })
app.get('/attachment', (req: any, res: any) => { res.attachment(String(req.query.v)).send('ok') })
app.get('/async', async (req: any, res: any) => {
  await Promise.resolve()
  if (req.query.fail !== undefined) throw new Error('rejected by input')
  res.send('ok')
})
app.get('/p/:a-:b', (req: any, res: any) => { res.send('ok') })
app.get('/q/:a.:b', (req: any, res: any) => { res.send('ok') })
app.get('/r/:a?-:b?', (req: any, res: any) => { res.send('ok') })
app.get('/query', (req: any, res: any) => { res.json({ keys: Object.keys(req.query ?? {}).length }) })
app.use(framework.static(pub))
app.use((err: any, req: any, res: any, next: any) => {
  void next
  res.status(typeof err.status === 'number' ? err.status : 500).send(String(err.status ?? 500))
})

const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})
