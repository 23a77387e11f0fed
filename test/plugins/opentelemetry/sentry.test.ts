// Sentry 11 (Sentry.init with an in-process transport, in a child process) on the fixture app:
// Ristretto under its own name with the opentelemetry plugin gets its transactions named by
// route, as Sentry names them on the real express@4 (which Sentry instruments itself): the same
// transaction names, sources, ops, statuses and `http.route`, the same number of layer spans of
// each `express.type`, and the same error events (by transaction, type and message).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { prepareForms, type Forms } from '../../observability/forms'
import { runForm } from './support'
import { isolatedPackages, unsupportedReason } from '../../../bench/lib/isolated-packages'
import { SENTRY_PACKAGES } from '../../observability/sentry-packages-path'

interface Transaction {
  name: string
  source: string
  op: string
  status: string
  route?: string
  spans: Array<{ name: string, op?: string, status: string, type?: string }>
}
interface SentryRecord {
  lines: string[]
  transactions: Transaction[]
  errors: Array<{ transaction: string, exception: Array<{ type: string, value: string, mechanism: { type: string, handled: boolean } }> }>
}

/** What is compared: each transaction without its spans' names and ops (Sentry's own for Express), with the types of its layer spans. */
function transactions (record: SentryRecord): unknown[] {
  return record.transactions.map(({ spans, ...transaction }) => ({
    ...transaction,
    layers: spans.map((span) => `${span.type} ${span.status}`).sort()
  }))
}

function errors (record: SentryRecord): unknown[] {
  return record.errors.map((event) => ({ transaction: event.transaction, exception: event.exception.map(({ type, value }) => ({ type, value })) }))
}

describe('opentelemetry plugin under Sentry 11', { skip: unsupportedReason(SENTRY_PACKAGES) }, () => {
  let forms: Forms
  let reference: SentryRecord
  let env: NodeJS.ProcessEnv = {}
  const run = (form: Parameters<typeof runForm>[1], mode: string): SentryRecord => runForm<SentryRecord>('sentry-runner.cjs', form, mode, undefined, env)
  before(() => {
    env = { SENTRY_PACKAGES: isolatedPackages(SENTRY_PACKAGES).nodeModules }
    forms = prepareForms()
    reference = run(forms.get('express@4'), 'express')
  })
  after(() => { forms.remove() })

  it('express@4 has its transactions named by route (the reference)', () => {
    assert.deepEqual(reference.transactions.map((t) => [t.name, t.source]), [
      ['GET /users/:id', 'route'], ['GET /items', 'route'], ['POST /items', 'route'], ['GET /orgs/:orgId', 'route'],
      ['GET /orgs/:orgId/teams/:teamId', 'route'], ['GET /boom', 'route'], ['GET /later', 'route'], ['GET', 'url']
    ])
  })

  it('ristretto with the plugin: the same transactions, names and sources, layer spans and errors', () => {
    const ours = run(forms.get('ristretto'), 'plugin')
    assert.deepEqual(ours.lines, reference.lines)
    assert.deepEqual(transactions(ours), transactions(reference))
    assert.deepEqual(errors(ours), errors(reference))
  })

  it('ristretto without the plugin: transactions named by URL only (what the plugin changes)', () => {
    const bare = run(forms.get('ristretto'), 'preset')
    assert.ok(bare.transactions.every((t) => t.source === 'url' && t.spans.length === 0))
  })
})
