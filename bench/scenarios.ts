// The benchmark scenarios: what each app serves, and the request the load generator sends.

/** Scenario names, in table order. */
export const SCENARIOS = [
  'hello',
  'json',
  'middleware',
  'routing-start',
  'routing-end',
  'body',
  'logger',
  'static-10k',
  'static-1m'
] as const

export type ScenarioName = typeof SCENARIOS[number]

/**
 * The scenarios whose answers the apps sending Express's headers by hand (fastify-express-headers,
 * node-express-headers) serve: those whose body is a fixed string or JSON.
 */
export const EXPRESS_HEADER_SCENARIOS: readonly ScenarioName[] = ['hello', 'json', 'middleware', 'routing-start', 'routing-end', 'body']

/** The scenarios `--quick` runs: the ones the performance goal names. */
export const QUICK_SCENARIOS: readonly ScenarioName[] = ['hello', 'middleware', 'routing-end', 'body']

/** What the load generator sends for a scenario. */
export interface RequestSpec {
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
}

/** The body of the hello scenarios. */
export const HELLO = 'Hello World!'

/** The object the json scenario answers with. */
export const JSON_PAYLOAD = Object.freeze({ hello: 'world' })

/** Number of no-op middleware of the middleware scenario. */
export const MIDDLEWARE_COUNT = 5

/** A route of the 100-route table: method, Express-style path. */
export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
}

/** Ten resources of a realistic API; each gets ten routes, some nested with two params. */
const RESOURCES = ['users', 'posts', 'comments', 'products', 'orders', 'invoices', 'customers', 'categories', 'tags', 'reviews']

function singular (resource: string): string {
  return resource.endsWith('ies') ? resource.slice(0, -3) + 'y' : resource.slice(0, -1)
}

/**
 * The 100 routes: per resource, item routes first and a nested GET last, so the first
 * route of the table and the last one both take params.
 */
export const ROUTES: readonly RouteDef[] = RESOURCES.flatMap((resource): RouteDef[] => {
  const id = `:${singular(resource)}Id`
  const base = `/api/${resource}`
  return [
    { method: 'get', path: `${base}/${id}` },
    { method: 'put', path: `${base}/${id}` },
    { method: 'delete', path: `${base}/${id}` },
    { method: 'get', path: base },
    { method: 'post', path: base },
    { method: 'get', path: `${base}/${id}/notes` },
    { method: 'post', path: `${base}/${id}/notes` },
    { method: 'put', path: `${base}/${id}/notes/:noteId` },
    { method: 'delete', path: `${base}/${id}/notes/:noteId` },
    { method: 'get', path: `${base}/${id}/notes/:noteId` }
  ]
})

/** Path of the 1 KB JSON body scenario. */
export const BODY_PATH = '/echo'

/** A JSON document of about 1 KB: an order with a few lines, as an API receives. */
export const BODY_1K: string = JSON.stringify({
  id: 'ord_7f3a9c2e',
  customer: { id: 'cus_1c9e', name: 'Ada Lovelace', email: 'ada@example.com', tier: 'gold' },
  currency: 'EUR',
  items: Array.from({ length: 6 }, (_, i) => ({
    sku: `SKU-${1000 + i}`,
    title: `Item number ${i + 1} with a longer title`,
    quantity: i + 1,
    price: 9.99 + i,
    tags: ['new', 'sale']
  })),
  shipping: { street: '12 Analytical Engine Road', city: 'London', zip: 'N1 9GU', country: 'GB' },
  notes: 'Leave at the door, please. If nobody answers, the neighbour at number 14 will take it in.',
  createdAt: '2024-05-01T10:20:30.000Z'
})

/** Names and sizes of the static files, created in a scratch folder before the run. */
export const STATIC_FILES = { 'static-10k': { name: 'file-10k.txt', size: 10 * 1024 }, 'static-1m': { name: 'file-1m.txt', size: 1024 * 1024 } } as const

/** URL prefix the static middleware is mounted on. */
export const STATIC_PREFIX = '/static'

/** The request each scenario sends. */
export function requestFor (scenario: ScenarioName): RequestSpec {
  switch (scenario) {
    case 'hello':
    case 'middleware':
    case 'logger':
      return { method: 'GET', path: '/' }
    case 'json':
      return { method: 'GET', path: '/json' }
    case 'routing-start':
      return { method: 'GET', path: '/api/users/42' }
    case 'routing-end':
      return { method: 'GET', path: '/api/reviews/7/notes/9' }
    case 'body':
      return { method: 'POST', path: BODY_PATH, headers: { 'Content-Type': 'application/json' }, body: BODY_1K }
    case 'static-10k':
    case 'static-1m':
      return { method: 'GET', path: `${STATIC_PREFIX}/${STATIC_FILES[scenario].name}` }
  }
}

/** Paths shared by the apps: everything a server needs besides the scenario name. */
export interface AppContext {
  /** Folder holding the static files. */
  staticDir: string
  /** File the logger scenario appends to. */
  logFile: string
}
