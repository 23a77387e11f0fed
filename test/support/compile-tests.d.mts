/** Compiles every TypeScript source of the project that a test may load into `out` (same relative paths, .js). */
export function compileAll (out: string): Promise<void>
