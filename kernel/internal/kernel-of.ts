// Maps each app and router to the kernel that built it, without putting kernel state on user objects.
import type { Kernel } from '../plugin'

export const kernelOf = new WeakMap<object, Kernel>()
