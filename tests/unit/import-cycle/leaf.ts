// The module the cycle probes of architecture-lint.test.ts lint in place of:
// on disk it imports nothing, so the tree itself holds no cycle.
export const leaf = 'leaf';
