// Process signals: shut down the servers registered for a signal, then let the signal take its course.
/// <reference types="node" preserve="true" />
type Stop = () => Promise<unknown>

/** The signals `signals: true` stands for. */
export const DEFAULT_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT']

const stopsBySignal = new Map<NodeJS.Signals, Set<Stop>>()
const handlers = new Map<NodeJS.Signals, () => void>()

/** The signal list an option asks for. */
export function signalList (option: boolean | readonly NodeJS.Signals[] | undefined): readonly NodeJS.Signals[] {
  if (option === true) return DEFAULT_SIGNALS
  if (!option) return []
  if (!Array.isArray(option)) throw new TypeError('option signals must be a boolean or an array of signal names')
  return option
}

function removeHandler (signal: NodeJS.Signals): void {
  const handler = handlers.get(signal)
  if (handler) process.removeListener(signal, handler)
  handlers.delete(signal)
  stopsBySignal.delete(signal)
}

/**
 * On `signal`: forget our handler (so the same signal again ends the process at once), run
 * every stop registered for it, then raise the signal again when nobody else listens to it,
 * so the process ends the way the signal asks (exit code 128 + signal number).
 */
function onSignal (signal: NodeJS.Signals): void {
  const stops = [...(stopsBySignal.get(signal) ?? [])]
  removeHandler(signal)
  Promise.allSettled(stops.map((stop) => stop())).then(function raiseAgain () {
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  })
}

/**
 * Runs `stop` when one of `signals` arrives. Returns a function that unregisters it; the
 * process handler is removed when its last stop is.
 */
export function stopOnSignals (signals: readonly NodeJS.Signals[], stop: Stop): () => void {
  for (const signal of signals) {
    let stops = stopsBySignal.get(signal)
    if (!stops) {
      stops = new Set()
      stopsBySignal.set(signal, stops)
      const handler = (): void => onSignal(signal)
      handlers.set(signal, handler)
      process.on(signal, handler)
    }
    stops.add(stop)
  }
  return function release (): void {
    for (const signal of signals) {
      const stops = stopsBySignal.get(signal)
      if (!stops) continue
      stops.delete(stop)
      if (stops.size === 0) removeHandler(signal)
    }
  }
}
