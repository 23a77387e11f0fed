// What the OpenTelemetry runners print (fixtures/otel-runner.cjs, fixtures/otel-gen-runner.cjs),
// and how the tests mask what differs from run to run before comparing.

/** A finished span as the runners print it: its parent by index in the printed list. */
export interface RecordedSpan {
  name: string
  kind: number
  parent: string | null
  attributes: Record<string, unknown>
  status: { code: number, message?: string }
  events: Array<{ name: string, attributes?: Record<string, unknown> }>
}

/** One app's run: its responses (`METHOD path -> status…`) and its spans. */
export interface Recorded { lines: string[], spans: RecordedSpan[] }

const PORT_ATTRIBUTES = new Set(['net.host.port', 'net.peer.port', 'server.port', 'client.port', 'network.peer.port', 'network.local.port'])

/** What differs from run to run (ports, addresses' ports, file paths in stacks) masked; the rest as recorded. */
export function mask (value: unknown, key?: string): unknown {
  if (key !== undefined && PORT_ATTRIBUTES.has(key)) return typeof value === 'number' ? 'PORT' : value
  // A stack's first line is the error's own; the frames are files and lines of each form.
  if (key === 'exception.stacktrace' && typeof value === 'string') return value.split('\n')[0]
  if (typeof value === 'string') return value.replace(/(127\.0\.0\.1|localhost):\d+/g, '$1:PORT')
  if (Array.isArray(value)) return value.map((item) => mask(item))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]))
  }
  return value
}
