/**
 * How a planner sample task is written: its line of input_data.jsonl, its
 * records, and the retrieval steps that show it can be solved from them (the
 * tests run each step and check its reply holds the facts the next one needs).
 */

/** The sample's user, as public/data/profile.json has him. */
export const ME = 'Daniel Hayes'
export const MY_PHONE = '15811224476'
export const MY_ACCOUNT = '6222021109876543210'

export type PhoneRecord = Record<string, unknown>
/** App key (one of the ten, or memory) → records. */
export type Records = Record<string, PhoneRecord[]>

export interface SolutionStep {
  call: [name: string, args: Record<string, unknown>]
  /** Texts the reply must hold: the facts the next step needs. */
  expect: string[]
}

export type Capability = '推理' | '辨析' | '整合' | '偏好' | '多意图'

/** The answer a solver misled by the task's distractors gives (its reads, then its calls), and the error it must score. */
export interface Trap {
  reads?: SolutionStep['call'][]
  calls: SolutionStep['call'][]
  error: string
}

export interface PlannerTaskSource {
  task: {
    id: string
    type: Capability
    messages: { role: 'user'; content: string }[]
    prompt_metadata: Record<string, unknown>
    reasoning_path: string
    distractors: string
  }
  records: Records
  steps: SolutionStep[]
  /** Every task checked by its calls or its state has one; a rubric task has none. */
  trap?: Trap
}

export function plannerTask(spec: {
  id: string
  type: Capability
  instruction: string
  meta: Record<string, unknown>
  reasoning: string
  distractors: string
  records: Records
  steps: SolutionStep[]
  trap?: Trap
}): PlannerTaskSource {
  return {
    task: {
      id: spec.id,
      type: spec.type,
      messages: [{ role: 'user', content: spec.instruction }],
      prompt_metadata: spec.meta,
      reasoning_path: spec.reasoning,
      distractors: spec.distractors,
    },
    records: spec.records,
    steps: spec.steps,
    ...(spec.trap ? { trap: spec.trap } : {}),
  }
}

/** A memory item as records_db.json holds it. */
export function memory(
  id: string,
  kind: 'profile' | 'preference' | 'fact' | 'episode' | 'procedure',
  text: string,
  more: { tags?: string[]; date?: string; time?: string; source?: string; supersedes?: string; pinned?: boolean } = {},
): PhoneRecord {
  return { id, text, tags: more.tags ?? [], kind, ...(more.date ? { date: more.date } : {}), ...(more.time ? { time: more.time } : {}), ...(more.source ? { source: more.source } : {}), ...(more.supersedes ? { supersedes: more.supersedes } : {}), pinned: more.pinned ?? false }
}

export function contact(name: string, phone: string, more: Record<string, string> = {}): PhoneRecord {
  return { 姓名: name, 电话号码: phone, ...more }
}

export function sms(from: [string, string], to: [string, string], date: string, time: string, body: string, status = 'Read'): PhoneRecord {
  return { 发件人姓名: from[0], 发件人电话号码: from[1], 收件人姓名: to[0], 收件人电话号码: to[1], 日期: date, 时间: time, 正文: body, 状态: status }
}

export function payment(item: string, amount: number, date: string, time: string, payee: [string, string], note?: string): PhoneRecord {
  return { 项目: item, 金额: amount, 日期: date, 时间: time, 付款人: ME, 付款账号: MY_ACCOUNT, 收款人: payee[0], 收款账号: payee[1], ...(note ? { 备注: note } : {}) }
}

export function note(title: string, content: string, date: string, time: string): PhoneRecord {
  return { 标题: title, 内容: content, 创建日期: date, 创建时间: time }
}

export const SELF: [string, string] = [ME, MY_PHONE]

/** The rubric's note every behaviour task's reasoning path ends with: why an attempt meeting every automatic item passes. */
export function gradingNote(autoPoints: number, positivePoints: number, minScore: number): string {
  return (
    ` Grading: the automatic items carry ${autoPoints} of the ${positivePoints} positive points (${((autoPoints / positivePoints) * 100).toFixed(0)}% ≥ min_score ${minScore}) and every required item is automatic; ` +
    'the items without "auto" (graded by people) only add points, so an attempt that meets every automatic item passes whatever the people decide.'
  )
}
