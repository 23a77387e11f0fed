// Sessions without Redis: a table kept by the cluster primary (or by the process itself when it is
// not a cluster worker), reached by the workers over the cluster's IPC channel.
import cluster from 'node:cluster'
import session from 'express-session'
import { answerCalls, callPrimary, primaryDependency } from './primary-channel'
import { unavailable } from './unavailable'

/** A session table operation, as a worker asks the primary for it. */
interface SessionOp { op: 'get' | 'set' | 'touch' | 'destroy', sid: string, json?: string, expires?: number }

/** Session lifetime when the cookie gives none. */
const DEFAULT_TTL = 24 * 60 * 60 * 1000
/** The kind of the workers' calls to the primary's table. */
const CALLS = 'sessions'

/** The session table: JSON by session id, with its expiry; expired entries are swept. */
class SessionTable {
  private readonly entries = new Map<string, { json: string, expires: number }>()

  constructor () {
    setInterval(() => this.sweep(), 60_000).unref()
  }

  run (call: SessionOp): string | null {
    const now = Date.now()
    switch (call.op) {
      case 'get': {
        const entry = this.entries.get(call.sid)
        if (!entry) return null
        if (entry.expires <= now) { this.entries.delete(call.sid); return null }
        return entry.json
      }
      case 'set':
        this.entries.set(call.sid, { json: call.json ?? '{}', expires: call.expires ?? now + DEFAULT_TTL })
        return null
      case 'touch': {
        const entry = this.entries.get(call.sid)
        if (entry) entry.expires = call.expires ?? now + DEFAULT_TTL
        return null
      }
      case 'destroy':
        this.entries.delete(call.sid)
        return null
    }
  }

  private sweep (): void {
    const now = Date.now()
    for (const [sid, entry] of this.entries) if (entry.expires <= now) this.entries.delete(sid)
  }
}

let table: SessionTable | undefined

/** In the cluster primary: keeps the sessions its workers share. */
export function startPrimarySessions (): void {
  if (table) return
  const sessions = new SessionTable()
  table = sessions
  answerCalls(CALLS, (op) => sessions.run(op as SessionOp))
}

/** An express-session store over the primary's session table (or a table of its own outside a cluster). */
export class SharedSessions extends session.Store {
  private call (op: SessionOp['op'], sid: string, cb: (err?: unknown, json?: string | null) => void, sess?: session.SessionData): void {
    const expires = sess?.cookie?.expires ? new Date(sess.cookie.expires).getTime() : undefined
    const json = op === 'set' ? JSON.stringify(sess) : undefined
    const call: SessionOp = { op, sid, json, expires }
    if (!cluster.isWorker) {
      table ??= new SessionTable()
      const local = table
      let result: string | null
      try {
        result = local.run(call)
      } catch (err) {
        cb(unavailable('session', primaryDependency, err))
        return
      }
      process.nextTick(cb, undefined, result)
      return
    }
    callPrimary<string | null>(CALLS, call).then((result) => cb(undefined, result), (err: unknown) => cb(unavailable('session', primaryDependency, err)))
  }

  override get (sid: string, cb: (err: any, session?: session.SessionData | null) => void): void {
    this.call('get', sid, (err, json) => {
      if (err) return cb(err)
      if (!json) return cb(null, null)
      try {
        cb(null, JSON.parse(json) as session.SessionData)
      } catch (parseErr) {
        cb(parseErr)
      }
    })
  }

  override set (sid: string, sess: session.SessionData, cb?: (err?: any) => void): void {
    this.call('set', sid, (err) => cb?.(err), sess)
  }

  override touch (sid: string, sess: session.SessionData, cb?: (err?: any) => void): void {
    this.call('touch', sid, (err) => cb?.(err), sess)
  }

  override destroy (sid: string, cb?: (err?: any) => void): void {
    this.call('destroy', sid, (err) => cb?.(err))
  }
}
