/**
 * `load_skill` through window.spieval on a planner data set (target: p99
 * within 1 ms of a static call's p99, same page, same attempts): the skill's
 * tools are offered from then on (window.spieval.tools(), WebMCP registered
 * again, the phone's apps). Each round opens a task afresh (no skill loaded),
 * then makes a retrieval call (the attempt's first, which also writes the
 * attempt's row: timed apart), and times `load_skill` and a second retrieval
 * call, the baseline; the first rounds warm up untimed. The data set is the unit tests' planner
 * fixture (skills.json with one skill and its tool), imported through
 * window.spieval.importDataset. Part of `npm run bench` (section `planner`).
 */
import type { Browser } from '@playwright/test'
import { plannerFiles } from '../test/support/plannerFixture'
import { loadHome, newPage, quantile } from './browser'
import { round } from './measure'

const WARM_UP = 5

export async function loadSkillFigures(browser: Browser, base: string, rounds: number) {
  const page = await newPage(browser)
  try {
    await loadHome(page, () => page.goto(base))
    const result = (await page.evaluate(`(async () => {
      const api = window.spieval
      await api.importDataset(${JSON.stringify(plannerFiles())}, 'bench planner')
      const times = { first_call: [], static_call: [], load_skill: [] }
      let offeredAfter = 0
      let offeredBefore = 0
      for (let i = 0; i < ${rounds + WARM_UP}; i++) {
        await api.open('推理1', { setting: 'paginated', actor: 'bench', state: 'static' })
        if (i === 0) offeredBefore = (await api.tools()).length
        const timed = i >= ${WARM_UP}
        let t = performance.now()
        await api.call('search_contacts', { pattern: 'Tom' })
        if (timed) times.first_call.push(performance.now() - t)
        t = performance.now()
        const loaded = await api.call('load_skill', { name: 'expense-filing' })
        if (timed) times.load_skill.push(performance.now() - t)
        if (!loaded.ok) throw new Error('load_skill was refused: ' + loaded.content)
        if (i === 0) offeredAfter = (await api.tools()).length
        t = performance.now()
        await api.call('search_sms', { pattern: 'Tom' })
        if (timed) times.static_call.push(performance.now() - t)
      }
      return { times, offeredBefore, offeredAfter }
    })()`)) as { times: { first_call: number[]; static_call: number[]; load_skill: number[] }; offeredBefore: number; offeredAfter: number }
    const stats = (xs: number[]) => ({ n: xs.length, p50: round(quantile(xs, 0.5)), p95: round(quantile(xs, 0.95)), p99: round(quantile(xs, 0.99)) })
    const load = stats(result.times.load_skill)
    const plain = stats(result.times.static_call)
    return {
      what: 'window.spieval.call: load_skill (its tool offered from then on) beside retrieval calls in the same attempts; a new attempt each round',
      tools_offered_before_and_after_the_load: [result.offeredBefore, result.offeredAfter],
      load_skill_ms: load,
      baseline_static_call_ms: plain,
      // An attempt's first call also writes the attempt's row: apart, so that both timed calls are later ones.
      first_call_of_each_attempt_ms: stats(result.times.first_call),
      p99_over_static_ms: round(load.p99 - plain.p99),
      target_p99_over_static_ms: 1,
    }
  } finally {
    await page.context().close()
  }
}
