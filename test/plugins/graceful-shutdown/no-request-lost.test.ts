import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { IncomingMessage } from 'node:http'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { frameworkWith, portOf, deferred } from './support'
import { RawConnection, type RawResponse } from './raw-http1'

/**
 * Clients of several kinds loop on keep-alive connections while the server shuts down. Every
 * request a client makes ends one of two ways:
 *  - answered: the client wrote it and got its complete 200 response, in order, body intact;
 *  - closed before write: the client did not write it, because it had already seen its
 *    connection close (a response with `Connection: close`, then a clean end of stream) and
 *    a new connection was refused (the server no longer listens). Such a request never
 *    reached the server; a client may send it elsewhere.
 * Anything else (written and not answered, reset, wrong body) is a lost request.
 */

/** Requests the server has seen before the shutdown is armed: the load is running by then. */
const WARM_UP = 1000
const UPLOAD_PART = 'u'.repeat(1000)
const CHUNK = 'c'.repeat(500)

interface Kind {
  readonly name: string
  readonly clients: number
  /** Requests written together (pipelined), in one write. */
  readonly batch: number
  /** Writes the requests `ids` on `conn`, stopping if the connection ends. */
  write (conn: RawConnection, ids: readonly string[]): Promise<void>
  /** The body of the answer to `id`. */
  body (id: string): string
}

const get = (path: string, id: string): string => `GET ${path}?id=${id} HTTP/1.1\r\nHost: test\r\n\r\n`

const KINDS: readonly Kind[] = [
  {
    name: 'keep-alive loop',
    clients: 6,
    batch: 1,
    async write (conn, [id]) { conn.send(get('/health', id)) },
    body: (id) => `ok ${id}`
  },
  {
    name: 'pipelined',
    clients: 2,
    batch: 4,
    async write (conn, ids) { conn.send(ids.map((id) => get('/health', id)).join('')) },
    body: (id) => `ok ${id}`
  },
  {
    name: 'upload, Content-Length',
    clients: 2,
    batch: 1,
    async write (conn, [id]) {
      // The body follows the 100 Continue, so the server has the request before its body.
      const interim = conn.interim()
      conn.send(`POST /upload?id=${id} HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: ${2 * UPLOAD_PART.length}\r\n\r\n`)
      await interim
      conn.send(UPLOAD_PART)
      await nextTurn()
      conn.send(UPLOAD_PART)
    },
    body: (id) => `${id}:${2 * UPLOAD_PART.length}`
  },
  {
    name: 'upload, chunked',
    clients: 2,
    batch: 1,
    async write (conn, [id]) {
      conn.send(`POST /upload?id=${id} HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n`)
      for (let i = 0; i < 3; i++) {
        await nextTurn()
        conn.send(`${CHUNK.length.toString(16)}\r\n${CHUNK}\r\n`)
      }
      await nextTurn()
      conn.send('0\r\n\r\n')
    },
    body: (id) => `${id}:${3 * CHUNK.length}`
  },
  {
    name: 'streamed response',
    clients: 2,
    batch: 1,
    async write (conn, [id]) { conn.send(get('/stream', id)) },
    body: (id) => `${id}:1;${id}:2;${id}:3;`
  }
]

interface Counts { sent: number, answered: number, closedBeforeWrite: number }

/** What one client saw. */
interface ClientReport {
  kind: string
  /** Requests written (at least their first byte). */
  sent: number
  answered: string[]
  closedBeforeWrite: string[]
  /** Requests written and not answered, answers that do not match, bad endings: all must stay empty. */
  problems: string[]
  /** Responses that said `Connection: close`, and whether each was the last on its connection. */
  closeResponses: number
}

/** A listening app with `/health`, `/stream` and `/upload`, whose shutdown starts under load. */
async function loadedServer () {
  const app = frameworkWith({ timeout: 20_000 })()
  const handled = new Set<string>()
  const parked: Array<() => void> = []
  const started = deferred()
  let shutdown: Promise<void> | undefined
  const idOf = (req: IncomingMessage): string => {
    const id = new URL(req.url!, 'http://test').searchParams.get('id')!
    handled.add(id)
    return id
  }
  const armed = (): boolean => handled.size >= WARM_UP && !shutdown

  app.get('/health', (req, res) => { res.send(`ok ${idOf(req)}`) })
  app.get('/stream', async (req, res) => {
    const id = idOf(req)
    res.write(`${id}:1;`)
    // Once armed, streams wait mid-response (headers out, with keep-alive) for the shutdown.
    if (armed()) await new Promise<void>((resolve) => parked.push(resolve))
    for (let part = 2; part <= 3; part++) {
      await nextTurn()
      res.write(`${id}:${part};`)
    }
    res.end()
  })
  app.post('/upload', (req, res) => {
    const id = idOf(req)
    // The shutdown starts while this upload's body is on its way and a stream is mid-response.
    if (armed() && parked.length > 0) {
      shutdown = server.shutdown()
      for (const release of parked.splice(0)) release()
      started.resolve()
    }
    let size = 0
    req.on('data', (chunk: Buffer) => { size += chunk.length })
    req.on('end', () => { res.send(`${id}:${size}`) })
  })
  const server: any = app.listen(0)
  const port = await portOf(server)
  return { server, port, handled, started: started.promise, shutdown: () => shutdown! }
}

/** Loops `kind` on one connection until the connection closes and a new one is refused. */
async function runClient (kind: Kind, name: string, port: number): Promise<ClientReport> {
  const report: ClientReport = { kind: kind.name, sent: 0, answered: [], closedBeforeWrite: [], problems: [], closeResponses: 0 }
  let conn = new RawConnection(port)
  if (!await conn.opened) throw new Error('could not connect')
  let closeAnnounced = false
  for (let seq = 0; ; seq += kind.batch) {
    const ids = Array.from({ length: kind.batch }, (_, i) => `${name}-${seq + i}`)
    if (closeAnnounced || conn.ended) {
      // Seen closed before writing: these requests go to a new connection, if there is one.
      const ending = await conn.ending
      if (ending !== 'eof') report.problems.push(`connection ended by ${ending}`)
      if (conn.leftover !== '') report.problems.push(`bytes after the last response: ${JSON.stringify(conn.leftover)}`)
      conn = new RawConnection(port)
      closeAnnounced = false
      if (!await conn.opened) {
        report.closedBeforeWrite.push(...ids)
        return report
      }
    }
    report.sent += ids.length
    await kind.write(conn, ids)
    for (const id of ids) {
      const res: RawResponse | undefined = await conn.next()
      if (closeAnnounced) {
        report.problems.push(`${id}: written, then its connection closed after an earlier Connection: close`)
      } else if (!res) {
        report.problems.push(`${id}: written, then its connection ended (${await conn.ending}) with no answer`)
      } else if (res.status !== 200 || res.body !== kind.body(id)) {
        report.problems.push(`${id}: answered ${res.status} ${JSON.stringify(res.body.slice(0, 80))}`)
      } else {
        report.answered.push(id)
        if (res.headers.connection === 'close') {
          closeAnnounced = true
          report.closeResponses++
        }
      }
    }
    if (report.problems.length > 0) return report
  }
}

describe('graceful shutdown under load', () => {
  it('answers every request that was written, and closes connections only between requests', { timeout: 60_000 }, async (t) => {
    const { server, port, handled, started, shutdown } = await loadedServer()
    const clients = KINDS.flatMap((kind, k) =>
      Array.from({ length: kind.clients }, (_, c) => runClient(kind, `k${k}c${c}`, port)))
    const reports = await Promise.all(clients)
    await started
    await shutdown()
    assert.equal(server.listening, false)

    const counts = new Map<string, Counts>()
    for (const report of reports) {
      const c = counts.get(report.kind) ?? { sent: 0, answered: 0, closedBeforeWrite: 0 }
      c.sent += report.sent
      c.answered += report.answered.length
      c.closedBeforeWrite += report.closedBeforeWrite.length
      counts.set(report.kind, c)
    }
    for (const [kind, c] of counts) {
      t.diagnostic(`${kind}: sent ${c.sent}, answered ${c.answered}, closed before write ${c.closedBeforeWrite}`)
    }

    for (const report of reports) {
      assert.deepEqual(report.problems, [], `${report.kind}: requests lost or broken`)
      // The connection closed once, after one Connection: close answer, and the next requests
      // were refused with the listener closed.
      assert.equal(report.closeResponses, 1, `${report.kind}: one Connection: close answer`)
    }
    for (const [kind, c] of counts) assert.equal(c.sent, c.answered, `${kind}: sent == answered`)
    // The app handled exactly the answered requests: none was processed and then dropped.
    const answered = reports.flatMap((r) => r.answered)
    assert.deepEqual([...handled].sort(), answered.sort())
  })
})
