import { parameterLabel } from '../core'

/**
 * A tool's parameter as an action form and a caption label it: a planner tool's own words (a memory's "text"
 * is no message's text), else the published parameter's label in the reader's language, else its name.
 * Its own module, which only the first load imports: in labels.ts, every lazily loaded view that asks for a label
 * reached the parameter tables through it, and the bundler then cut the first load into six more files.
 */
export function parameterWords(t: (key: string, options: { defaultValue: string }) => string, tool: string, name: string, language: string): string {
  return t(`planner.params.${tool}.${name}`, { defaultValue: parameterLabel(name, language.startsWith('zh') ? 'zh' : 'en', tool) })
}
