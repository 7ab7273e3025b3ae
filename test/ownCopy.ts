/**
 * A data set of one's own made from a bundled sample, for tests of studies:
 * the same records, tools, profile and gold, with every instruction reworded,
 * so that it asks nothing a sample the page ships asks. A study of the
 * bundled sample itself is refused (its gold ships with the page).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json'] as const

/** The instruction as the copy words it. */
export function reworded(instruction: string): string {
  return `${instruction} (for the study)`
}

/** The files of `folder` with each task's user messages reworded; the other files as they are. */
export function ownCopyFiles(folder: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of NAMES) files[name] = readFileSync(join(folder, name), 'utf8')
  const lines = (files['input_data.jsonl'] ?? '').split('\n').map((line) => {
    if (line.trim() === '') return line
    const task = JSON.parse(line) as { messages: { role: string; content: string }[] }
    task.messages = task.messages.map((m) => (m.role === 'user' ? { ...m, content: reworded(m.content) } : m))
    return JSON.stringify(task)
  })
  files['input_data.jsonl'] = lines.join('\n')
  return files
}

/** Writes {@link ownCopyFiles} of `folder` into a new temporary folder and returns its path. */
export function writeOwnCopy(folder: string): string {
  const out = mkdtempSync(join(tmpdir(), 'own-copy-'))
  for (const [name, text] of Object.entries(ownCopyFiles(folder))) writeFileSync(join(out, name), text)
  return out
}
