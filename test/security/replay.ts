// The shape of every advisory check: the advisory's input fires on the last vulnerable version,
// then is replayed against each target, where it must not fire (or must, where Express leaves
// the advisory open); each outcome is recorded for the table.
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { TARGETS, pendingUnless, type Target, type TargetName } from './support'
import type { RowRecorder, recorder } from './results'

/** What one replay saw: whether the input fired, and what to show when that is not what was expected (in the failure, not on a pass). */
export interface Observation {
  fired: boolean
  detail?: string
}

/** An observation from a boolean and an optional detail. */
export function saw (fired: boolean, detail?: string): Observation {
  return { fired, detail }
}

export interface Replay<S> {
  /** CVE id, or GHSA id when there is no CVE. */
  id: string
  /** The package and the versions the advisory names, as in `express <4.19.2`. */
  pkg: string
  /** What the check shows, in a few words: part of each test's name. */
  title: string
  /** The vulnerable version the input is shown firing on, as `express@4.19.1`. */
  shownOn: string
  /** The subject the vulnerable version gives (a framework, a module, a function), or why it cannot run here. */
  vulnerable: () => S | { skip: string }
  /** The subject a target gives, or why the input cannot reach it (`no res.cookie`). */
  target: (target: Target) => S | { na: string }
  /** Replays the input against a subject. */
  fires: (subject: S) => Promise<Observation>
  /** Targets the input still fires on, as on the fixed Express (advisories Express leaves open). */
  open?: readonly TargetName[]
  /** The hardened option the modern preset needs to close the input: a to-do until the plugin has it. */
  hardenedOption?: string
}

type Recorder = ReturnType<typeof recorder>

function isSkip (value: unknown): value is { skip: string } {
  return typeof value === 'object' && value !== null && 'skip' in value && Object.keys(value).length === 1
}

function isNa (value: unknown): value is { na: string } {
  return typeof value === 'object' && value !== null && 'na' in value && Object.keys(value).length === 1
}

/** Declares the tests of one advisory: one for the vulnerable version, one per target. */
export function replay<S> (table: Recorder, r: Replay<S>): void {
  const row: RowRecorder = table.row(r.id, r.pkg, r.shownOn)
  const name = `${r.id} (${r.pkg}): ${r.title}`

  it(`${name} — fires on ${r.shownOn}`, async (t) => {
    const subject = r.vulnerable()
    if (isSkip(subject)) {
      row.skipped('vulnerable', subject.skip)
      t.skip(subject.skip)
      return
    }
    const seen = await r.fires(subject)
    row.saw('vulnerable', seen.fired)
    assert.ok(seen.fired, `the input does not fire on ${r.shownOn}${seen.detail ? `: ${seen.detail}` : ''}`)
  })

  for (const target of TARGETS) {
    const subject = r.target(target)
    if (isNa(subject)) {
      row.na(target.name, subject.na)
      it(`${name} — not reachable on ${target.name} (${subject.na})`, () => {})
      continue
    }
    const open = r.open?.includes(target.name) ?? false
    const options = target.name === 'modern' && r.hardenedOption !== undefined ? pendingUnless(r.hardenedOption) : {}
    it(`${name} — ${open ? 'still fires (open upstream)' : 'closed'} on ${target.name}`, options, async () => {
      const seen = await r.fires(subject)
      row.saw(target.name, seen.fired)
      if (open) assert.ok(seen.fired, `${target.name}: the input no longer fires (has Express closed it?)${seen.detail ? `: ${seen.detail}` : ''}`)
      else assert.ok(!seen.fired, `${target.name}: the input fires${seen.detail ? `: ${seen.detail}` : ''}`)
    })
  }
}
