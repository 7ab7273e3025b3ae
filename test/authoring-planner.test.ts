// A planner task in the editor (#28): the draft's lint builds a one-task data set with the stored data set's
// skills.json and agents.json, so the skills and sub-agents its tools and metadata name are known, and a name that is
// not is still an error; through the page's store the same, and the oracle solves a skill task from the draft.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { draftFiles, lintDraft, loadDataset } from '../src/core/index'
import type { DraftContext, Task, TaskContent } from '../src/core/index'
import { importDataset, listTasks } from '../src/db/index'
import { checkSolvability, openEditor, showAskedGold, useAuthoring } from '../src/authoring/store'
import { useSession } from '../src/state/sessionStore'
import { useSettings } from '../src/state/settings'
import { readDatasetFolder } from '../cli/files'
import { ROOT } from './fixtures'

const FOLDER = `${ROOT}/public/data-planner`
const { dataset } = loadDataset(readDatasetFolder(FOLDER))

/** The editor's context for a task, as src/authoring/store.ts builds it from the stored data set (skills and agents with it, or not). */
function contextFor(id: string, planner = true): DraftContext {
  return {
    tools: dataset.tools,
    profile: dataset.profile,
    hasProfile: dataset.hasProfile,
    ...(planner && dataset.skills ? { skills: dataset.skills } : {}),
    ...(planner && dataset.agents ? { agents: dataset.agents } : {}),
    otherIds: new Set(dataset.tasks.map((t) => t.id).filter((t) => t !== id)),
  }
}
const contentOf = (task: Task): TaskContent => ({ task, records: dataset.records[task.id] ?? {} })
const taskById = (id: string): Task => {
  const task = dataset.tasks.find((t) => t.id === id)
  if (!task) throw new Error(`no task ${id}`)
  return task
}
const errors = (content: TaskContent, context: DraftContext) => lintDraft(content, context).filter((f) => f.level === 'error').map((f) => f.message)

describe('the draft of a planner task', () => {
  it('lints clean for every task of the planner sample, with the data set’s skills and sub-agents', () => {
    expect(dataset.skills?.length).toBeGreaterThan(0)
    expect(dataset.agents?.length).toBeGreaterThan(0)
    for (const task of dataset.tasks) expect(lintDraft(contentOf(task), contextFor(task.id)), task.id).toEqual([])
    // Without them the same draft is refused: every skill and agent its tools name is unknown.
    expect(errors(contentOf(taskById('skill-1')), contextFor('skill-1', false))).toContainEqual(expect.stringMatching(/"x-skill" names "expense-filing", but the data set has no skills\.json/))
  })

  it('writes skills.json and agents.json as the data set’s, which load back to the same skills and cards', () => {
    const files = draftFiles(contentOf(taskById('subagent-1')), contextFor('subagent-1'))
    expect(Object.keys(files).sort()).toEqual(['agents.json', 'input_data.jsonl', 'profile.json', 'records_db.json', 'skills.json', 'tools.json'])
    const loaded = loadDataset(files).dataset
    expect(loaded.skills).toEqual(dataset.skills)
    expect(loaded.agents).toEqual(dataset.agents)
  })

  it('still refuses a skill the data set does not have, and takes one it has', () => {
    const task = taskById('skill-1')
    // The editor keeps a task's planner keys in its line as imported: a line that requires another skill.
    const requiring = (name: string): TaskContent => contentOf({ ...task, source: task.source?.replace('"required":["expense-filing"]', `"required":[${JSON.stringify(name)}]`) })
    expect(requiring('x').task.source).toContain('"required":["x"]')
    expect(errors(requiring('no-such-skill'), contextFor(task.id))).toContainEqual(expect.stringContaining('"no-such-skill"'))
    expect(errors(requiring('travel-booking'), contextFor(task.id))).toEqual([])
    // A data set without the skill the task requires.
    const withoutExpenses = { ...contextFor(task.id), skills: (dataset.skills ?? []).filter((s) => s.name !== 'expense-filing') }
    expect(errors(contentOf(task), withoutExpenses)).toContainEqual(expect.stringContaining('"expense-filing"'))
  })
})

describe('the editor store on a stored planner data set', () => {
  it('lints a skill task clean and the oracle solves it from the draft', async () => {
    const stored = await importDataset(readDatasetFolder(FOLDER), { name: 'planner', source: 'sample' })
    expect(stored.skills?.length).toBeGreaterThan(0)
    useSession.setState({ dataset: stored, tasks: await listTasks(stored.id), status: 'ready' })
    useSettings.setState({ actor: 'author' })
    await openEditor('skill-1')
    if (useAuthoring.getState().status === 'ask') await showAskedGold()
    expect(useAuthoring.getState()).toMatchObject({ status: 'ready', storedId: 'skill-1' })
    expect(useAuthoring.getState().findings).toEqual([])
    // The oracle loads the skill the task requires: without skills.json in the draft's files there is none to load.
    expect(await checkSolvability()).toEqual({ solved: true, detail: null })
  })
})
