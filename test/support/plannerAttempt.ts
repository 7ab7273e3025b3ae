import { Attempt, MemorySink } from '../../src/core/index'
import type { Dataset, Task } from '../../src/core/index'

/** A planner task's attempt through the page's kernel, as a tester in paginated access, with the data set's skills and agents. */
export function openPlannerAttempt(dataset: Dataset, task: Task = dataset.tasks[0] as Task): Promise<Attempt> {
  return Attempt.open({
    task,
    tools: dataset.tools,
    records: dataset.records[task.id] ?? {},
    profile: dataset.profile,
    setting: 'paginated',
    actor: 'tester',
    sink: new MemorySink(),
    ...(dataset.skills ? { skills: dataset.skills } : {}),
    ...(dataset.agents ? { agents: dataset.agents } : {}),
  })
}
