// What the agents send, as the tests' collectors receive it: shared by the agents' tests
// (test/observability/) and the docs/apm.md programs' (test/docs/apm-agents.test.ts).

/** A span of a Sentry envelope's `span` item. */
export interface SentrySpan {
  name: string
  span_id: string
  parent_span_id?: string
  start_timestamp: number
  is_segment: boolean
  status: string
  attributes?: Record<string, { value: unknown }>
}

/** A span as dd-trace sends it to the agent's v0.4 trace endpoint (MessagePack, 64-bit integers as bigint). */
export interface AgentSpan {
  trace_id: bigint | number
  span_id: bigint | number
  parent_id: bigint | number
  name: string
  resource: string
  service: string
  type?: string
  error: number
  start: bigint | number
  duration: bigint | number
  meta?: Record<string, string>
  metrics?: Record<string, number>
}
