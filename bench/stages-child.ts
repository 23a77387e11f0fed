// One app on one scenario, in process (bench/lib/in-memory.ts): CPU time per request, then where it
// goes (a CPU profile) and what it allocates (V8's sampling heap profiler, keeping the objects
// collected since), each sample charged to the stage of the innermost framework function on its
// stack (bench/lib/stages.ts). Usage: node dist/bench/stages-child.js <app> <scenario>; prints JSON.
import { Session } from 'node:inspector'
import { startInMemory } from './lib/in-memory'
import { stageOf, type Frame } from './lib/stages'

interface ProfileNode { id: number, callFrame: Frame, children?: number[] }
interface CpuProfile { nodes: ProfileNode[], samples: number[], timeDeltas: number[] }
interface HeapNode { id: number, callFrame: Frame, children: HeapNode[] }
interface HeapProfile { head: HeapNode, samples: Array<{ size: number, nodeId: number }> }

const WARMUP = 20000
const MEASURED = 100000
const PROFILED = 100000
const SAMPLED = 4000

/** A frame as the detail lists print it: function name and file, from dist/ or node_modules/ on. */
function frameName (f: Frame): string {
  return `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(dist|node_modules)\//, '')}`
}

function post<T> (session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (err, result) => { if (err) reject(err); else resolve(result as T) })
  })
}

/** The stage of each node of a profile tree: the innermost framework frame from the node up. */
function stagesOf (nodes: Array<{ id: number, callFrame: Frame }>, parent: Map<number, number>): Map<number, string> {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const out = new Map<number, string>()
  const resolve = (id: number): string => {
    const known = out.get(id)
    if (known !== undefined) return known
    const own = stageOf(byId.get(id)!.callFrame)
    const up = parent.get(id)
    const stage = own ?? (up === undefined ? 'node' : resolve(up))
    out.set(id, stage)
    return stage
  }
  for (const n of nodes) resolve(n.id)
  return out
}

async function main (): Promise<void> {
  const [app, scenario] = process.argv.slice(2)
  const started = await startInMemory(app, scenario)
  if (!started) { process.stdout.write(JSON.stringify({ unsupported: true }) + '\n'); return }
  await started.run(WARMUP)
  const cpu0 = process.cpuUsage()
  await started.run(MEASURED)
  const cpu = process.cpuUsage(cpu0)
  const cpuPerRequest = (cpu.user + cpu.system) / MEASURED

  const session = new Session()
  session.connect()
  await post(session, 'Profiler.enable')
  await post(session, 'Profiler.setSamplingInterval', { interval: 50 })
  await post(session, 'Profiler.start')
  await started.run(PROFILED)
  const { profile } = await post<{ profile: CpuProfile }>(session, 'Profiler.stop')
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const cpuStage = stagesOf(profile.nodes, parent)
  const time = new Map<string, number>()
  let total = 0
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  /** With STAGES_DETAIL=<stage>: the functions the samples of that stage were in, by self time. */
  const detail = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0
    total += dt
    const stage = cpuStage.get(id)!
    time.set(stage, (time.get(stage) ?? 0) + dt)
    if (stage === process.env.STAGES_DETAIL) {
      const f = byId.get(id)!.callFrame
      const name = frameName(f)
      detail.set(name, (detail.get(name) ?? 0) + dt)
    }
  })
  if (detail.size) process.stderr.write([...detail].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(cpuPerRequest * v / total).toFixed(3)} us  ${k}`).join('\n') + '\n')

  await post(session, 'HeapProfiler.enable')
  await post(session, 'HeapProfiler.startSampling', { samplingInterval: 8, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
  await started.run(SAMPLED)
  const { profile: heap } = await post<{ profile: HeapProfile }>(session, 'HeapProfiler.stopSampling')
  const heapNodes: HeapNode[] = []
  const heapParent = new Map<number, number>()
  const walk = (n: HeapNode): void => { heapNodes.push(n); for (const c of n.children) { heapParent.set(c.id, n.id); walk(c) } }
  walk(heap.head)
  const heapStage = stagesOf(heapNodes, heapParent)
  const objects = new Map<string, number>()
  const bytes = new Map<string, number>()
  const heapById = new Map(heapNodes.map((n) => [n.id, n]))
  const allocDetail = new Map<string, number>()
  for (const s of heap.samples) {
    const stage = heapStage.get(s.nodeId)!
    objects.set(stage, (objects.get(stage) ?? 0) + 1)
    bytes.set(stage, (bytes.get(stage) ?? 0) + s.size)
    if (stage === process.env.STAGES_DETAIL) {
      const f = heapById.get(s.nodeId)!.callFrame
      const name = frameName(f)
      allocDetail.set(name, (allocDetail.get(name) ?? 0) + 1)
    }
  }
  if (allocDetail.size) process.stderr.write('objects:\n' + [...allocDetail].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `${(v / SAMPLED).toFixed(2)}  ${k}`).join('\n') + '\n')
  session.disconnect()
  started.close()
  const stages: Record<string, { us: number, objects: number, bytes: number }> = {}
  for (const stage of new Set([...time.keys(), ...objects.keys()])) {
    stages[stage] = {
      us: cpuPerRequest * (time.get(stage) ?? 0) / total,
      objects: (objects.get(stage) ?? 0) / SAMPLED,
      bytes: (bytes.get(stage) ?? 0) / SAMPLED
    }
  }
  process.stdout.write(JSON.stringify({ cpuPerRequest, stages }) + '\n')
  process.exit(0)
}

main().catch((err) => { console.error(err); process.exit(1) })
