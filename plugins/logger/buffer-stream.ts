// The deprecated `buffer` option: lines are collected and written together after an interval.
import type { LogStream } from './types'

/**
 * Wraps a stream so writes are held and written as one chunk `interval` ms after the
 * first held write.
 */
export function createBufferStream (stream: LogStream, interval: number): LogStream {
  const held: string[] = []
  let timer: NodeJS.Timeout | null = null

  function flush (): void {
    timer = null
    const chunk = held.join('')
    held.length = 0
    stream.write(chunk)
  }

  return {
    write (line: string): boolean {
      if (timer === null) timer = setTimeout(flush, interval)
      held.push(line)
      return true
    }
  }
}
