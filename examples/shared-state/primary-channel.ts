// Calls from a cluster worker to its primary over the cluster's IPC channel, each kind answered by
// a handler the primary registers; a call the primary does not answer in time fails.
import cluster, { type Worker } from 'node:cluster'
import { Dependency } from './dependency'

/** The cluster primary as a dependency of its workers: its outages are logged once each way. */
export const primaryDependency = new Dependency('cluster primary')

/** Milliseconds a worker waits for the primary's answer before the call fails. */
export const CALL_TIMEOUT = 5000

/** A call of a worker, and the primary's answer. */
interface Call { ristrettoCall: string, id: number, args: unknown }
interface Answer { ristrettoAnswer: true, id: number, result?: unknown, error?: string }

function isCall (message: unknown, kind: string): message is Call {
  return typeof message === 'object' && message !== null && (message as Call).ristrettoCall === kind
}

function isAnswer (message: unknown): message is Answer {
  return typeof message === 'object' && message !== null && (message as Answer).ristrettoAnswer === true
}

function messageOf (err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/** In the primary: answers its workers' calls of `kind` with what `handle` returns (or resolves to). */
export function answerCalls (kind: string, handle: (args: unknown) => unknown): void {
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isCall(message, kind)) return
    const { id } = message
    Promise.resolve().then(() => handle(message.args)).then(
      (result): Answer => ({ ristrettoAnswer: true, id, result }),
      (err: unknown): Answer => ({ ristrettoAnswer: true, id, error: messageOf(err) })
    ).then((answer) => {
      if (worker.isConnected()) worker.send(answer)
    })
  })
}

/** The worker's calls waiting for their answer, by id (unique in the process, whatever their kind). */
const pending = new Map<number, (answer: Answer) => void>()
let lastId = 0
let listening = false

/** Hands each answer to its call; any answer, even one that came too late, ends an outage of the primary. */
function listenForAnswers (): void {
  if (listening) return
  listening = true
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return
    primaryDependency.back()
    pending.get(message.id)?.(message)
  })
}

/**
 * In a worker: calls the primary's handler of `kind`. The promise rejects when the handler fails,
 * or, as an outage of the primary, when no answer comes within {@link CALL_TIMEOUT} or the
 * channel is closed.
 */
export function callPrimary<R> (kind: string, args: unknown): Promise<R> {
  listenForAnswers()
  return new Promise<R>((resolve, reject) => {
    const fail = (reason: string): void => {
      primaryDependency.lost(reason)
      reject(new Error(reason))
    }
    if (!process.send || !process.connected) { fail('the IPC channel is closed'); return }
    const id = ++lastId
    const timer = setTimeout(() => {
      pending.delete(id)
      fail(`no answer within ${CALL_TIMEOUT / 1000} s`)
    }, CALL_TIMEOUT)
    pending.set(id, (answer) => {
      clearTimeout(timer)
      pending.delete(id)
      if (answer.error !== undefined) reject(new Error(answer.error))
      else resolve(answer.result as R)
    })
    const call: Call = { ristrettoCall: kind, id, args }
    process.send(call, undefined, undefined, (err: Error | null) => {
      if (err && pending.delete(id)) {
        clearTimeout(timer)
        fail(err.message)
      }
    })
  })
}
