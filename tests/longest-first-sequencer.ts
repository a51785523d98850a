// A Vitest sequencer that starts the files known to take longest, one per worker, and lets the
// short ones fill in after them, so that the workers finish together instead of one running a
// long file alone at the end. Vitest's own order on a fresh clone (no results cache yet) is by
// file size, which says little about how long a file takes.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** A sequencer class running the files whose paths end with `longest` first, in that order. */
export function longestFirst(longest: readonly string[]): typeof BaseSequencer {
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const rank = (file: TestSpecification) => {
        const at = longest.findIndex((name) => file.moduleId.endsWith(name))
        return at === -1 ? longest.length : at
      }
      return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b))
    }
  }
}
