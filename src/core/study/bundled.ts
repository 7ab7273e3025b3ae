/**
 * Tasks whose gold ships with the page. The page bundles samples (their
 * input_data.jsonl, gold included, is a public file beside it), so a
 * participant handed one of their tasks could open the sample and read the
 * answer. A study is refused when any of its tasks asks what a bundled task
 * asks, whatever the folder or data set is called: the match is by content.
 */
import type { Task } from '../dataset/types'
import { StudyError } from './assign'

/** What a task asks: its user messages, with case and spacing set aside (a copy with a stray space is still the same question). */
export function taskQuestion(task: Pick<Task, 'messages'>): string {
  return task.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** The questions of the bundled samples' tasks, from their input_data.jsonl texts (lines that do not parse are skipped: they ask nothing). */
export function bundledQuestions(inputTexts: readonly string[]): Set<string> {
  const questions = new Set<string>()
  for (const text of inputTexts)
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      try {
        const row: unknown = JSON.parse(line)
        const messages = typeof row === 'object' && row !== null && 'messages' in row ? row.messages : undefined
        if (Array.isArray(messages)) questions.add(taskQuestion({ messages: messages as Task['messages'] }))
      } catch {
        // not a task line
      }
    }
  questions.delete('')
  return questions
}

/** The ids of the tasks that ask what a bundled task asks. */
export function bundledTasks(tasks: readonly Pick<Task, 'id' | 'messages'>[], bundled: ReadonlySet<string>): string[] {
  return tasks.filter((task) => bundled.has(taskQuestion(task))).map((task) => task.id)
}

/** A study refused because some of its tasks ship with the page; `ids` names them, `named` a few for a message. */
export class BundledTasksError extends StudyError {
  readonly named: string
  constructor(
    readonly ids: readonly string[],
    readonly total: number,
  ) {
    const named = ids.slice(0, 3).join(', ') + (ids.length > 3 ? ` and ${ids.length - 3} more` : '')
    super(
      `${ids.length} of the ${total} tasks (${named}) ask what a sample bundled with the page asks, and the page ships that sample's gold: ` +
        'any participant could read it. Make the study from a data set of your own.',
    )
    this.name = 'BundledTasksError'
    this.named = named
  }
}
