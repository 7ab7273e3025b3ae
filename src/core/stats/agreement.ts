/**
 * Agreement between raters who each put subjects (tasks) into categories
 * (e.g. "correct" / "wrong", or the answer they gave). `ratings[i]` holds the
 * categories the raters of subject i chose; subjects may have different
 * numbers of raters, and a subject with fewer than two says nothing.
 */

/** The share of agreeing rater pairs, over all pairs of all subjects; null without any pair. */
export function pairwiseAgreement(ratings: readonly (readonly string[])[]): number | null {
  let pairs = 0
  let agreeing = 0
  for (const subject of ratings) {
    const counts = countBy(subject)
    const n = subject.length
    pairs += (n * (n - 1)) / 2
    for (const c of counts.values()) agreeing += (c * (c - 1)) / 2
  }
  return pairs === 0 ? null : agreeing / pairs
}

/**
 * Fleiss' kappa (1971), generalised to subjects with different numbers of
 * raters: observed agreement per subject, against chance from the overall
 * category shares. Null when it is undefined (no pairs, or one category only).
 */
export function fleissKappa(ratings: readonly (readonly string[])[]): number | null {
  const rated = ratings.filter((s) => s.length >= 2)
  if (rated.length === 0) return null
  let observed = 0
  const totals = new Map<string, number>()
  let all = 0
  for (const subject of rated) {
    const n = subject.length
    const counts = countBy(subject)
    let same = 0
    for (const [category, c] of counts) {
      same += c * (c - 1)
      totals.set(category, (totals.get(category) ?? 0) + c)
    }
    observed += same / (n * (n - 1))
    all += n
  }
  observed /= rated.length
  let chance = 0
  for (const c of totals.values()) chance += (c / all) ** 2
  return chance === 1 ? null : (observed - chance) / (1 - chance)
}

function countBy(items: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1)
  return counts
}
