import { useId, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Send } from 'lucide-react'
import { ASK_USER, parseArguments, replyText } from '../../core'
import type { TrajectoryStep } from '../../core'
import { callTool, checkCall, replyToUser, useSession } from '../../state/session'
import { PLANNER_COLORS, usePlannerParts } from './offered'
import { PlannerFrame } from './PlannerFrame'

/** One line of the conversation with the user: a question asked (with the user's scripted answer), or a reply. */
type Said = { seq: number; kind: 'ask'; question: string; options: string[]; answer: string } | { seq: number; kind: 'reply'; text: string }

/** What the steps said to the user, in order: `Ask_User` calls that went through, and replies. */
function conversation(steps: readonly TrajectoryStep[]): Said[] {
  return steps.flatMap((step): Said[] => {
    if (step.kind === 'reply') return [{ seq: step.seq, kind: 'reply', text: replyText(step) }]
    if (step.name !== ASK_USER || !step.ok) return []
    const parsed = parseArguments(step.arguments)
    const args = 'args' in parsed ? parsed.args : {}
    const options = Array.isArray(args.options) ? args.options.map(String) : []
    return [{ seq: step.seq, kind: 'ask', question: typeof args.question === 'string' ? args.question : '', options, answer: step.content }]
  })
}

/**
 * Messages with the user: the questions asked with `Ask_User` (the user
 * answers as the task scripts it, shown as an incoming bubble) and the
 * assistant's replies, the final one included; a box for each.
 */
export function UserMessages() {
  const { t } = useTranslation()
  const steps = useSession((s) => s.steps)
  const open = useSession((s) => s.attempt !== undefined && !s.attempt.finished && s.replaying === undefined && s.leading)
  const { ask } = usePlannerParts()
  const said = useMemo(() => conversation(steps), [steps])
  return (
    <PlannerFrame title={t('planner.messageUser')} color={PLANNER_COLORS.user} className="planner-user">
      {said.length === 0 ? (
        <p className="hint">{t('planner.noMessages')}</p>
      ) : (
        <ol className="chat" aria-label={t('planner.conversation')}>
          {said.map((line) =>
            line.kind === 'ask' ? (
              <li key={line.seq} className="chat-pair">
                <p className="chat-bubble out">
                  <span className="chat-who">{t('planner.youAsked')}</span>
                  {line.question}
                  {line.options.length > 0 && <span className="chat-options">{t('planner.offered', { options: line.options.join(' · ') })}</span>}
                </p>
                <p className="chat-bubble in">
                  <span className="chat-who">{t('planner.userAnswered')}</span>
                  {line.answer}
                </p>
              </li>
            ) : (
              <li key={line.seq} className="chat-pair">
                <p className="chat-bubble out final">
                  <span className="chat-who">{t('planner.youReplied')}</span>
                  {line.text}
                </p>
              </li>
            ),
          )}
        </ol>
      )}
      {open ? (
        <>
          {ask && <AskForm />}
          <ReplyForm />
        </>
      ) : (
        <p className="hint">{t('planner.finishedNote')}</p>
      )}
    </PlannerFrame>
  )
}

/** Sends through `send`; a refusal or a store that failed shows under the form. */
function useSend(): { busy: boolean; problem: string | undefined; setProblem: (p: string | undefined) => void; send: (run: () => Promise<TrajectoryStep>) => Promise<boolean> } {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const send = async (run: () => Promise<TrajectoryStep>) => {
    if (busy) return false
    setBusy(true)
    setProblem(undefined)
    try {
      const step = await run()
      if (!step.ok) setProblem(step.content.replace(/^Error:\s*/, ''))
      return step.ok
    } catch (err) {
      setProblem(t('planner.notSaved', { message: err instanceof Error ? err.message : String(err) }))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, problem, setProblem, send }
}

/** A question for the user (`Ask_User`), with optional choices. */
function AskForm() {
  const { t } = useTranslation()
  const [question, setQuestion] = useState('')
  const [options, setOptions] = useState('')
  const { busy, problem, setProblem, send } = useSend()
  const submit = async () => {
    const choices = options
      .split('\n')
      .map((o) => o.trim())
      .filter((o) => o !== '')
    if (question.trim() === '') return setProblem(t('planner.emptyQuestion'))
    const args = { question: question.trim(), ...(choices.length > 0 ? { options: choices } : {}) }
    const check = checkCall(ASK_USER, args)
    if (!check.ok) return setProblem(t('invalid', { message: check.content }))
    if (await send(() => callTool(ASK_USER, args, 'ui'))) {
      setQuestion('')
      setOptions('')
    }
  }
  return (
    <PlannerForm title={t('planner.askTitle')} hint={t('planner.askHint')} problem={problem} busy={busy} onSubmit={submit} submitLabel={busy ? t('planner.sending') : t('planner.ask')}>
      <label className="form-field">
        <span className="field-label">{t('planner.question')}</span>
        <textarea rows={2} value={question} onChange={(e) => setQuestion(e.target.value)} />
      </label>
      <label className="form-field">
        <span className="field-label">{t('planner.options')}</span>
        <textarea rows={2} value={options} onChange={(e) => setOptions(e.target.value)} />
      </label>
    </PlannerForm>
  )
}

/** The assistant's reply to the user: a reply step, part of the attempt (what rubrics read as "said"). */
function ReplyForm() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const { busy, problem, setProblem, send } = useSend()
  const submit = async () => {
    if (text.trim() === '') return setProblem(t('planner.emptyReply'))
    if (await send(() => replyToUser(text.trim(), 'ui'))) setText('')
  }
  return (
    <PlannerForm
      title={t('planner.replyTitle')}
      hint={t('planner.replyHint')}
      problem={problem}
      busy={busy}
      onSubmit={submit}
      submitLabel={
        <>
          <Send size={16} aria-hidden="true" /> {busy ? t('planner.sending') : t('planner.sendReply')}
        </>
      }
    >
      <label className="form-field">
        <span className="field-label">{t('planner.replyLabel')}</span>
        <textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
    </PlannerForm>
  )
}

/** The frame of the two boxes: a titled form, its hint, its fields, the problem if any, and the send button. */
function PlannerForm(props: { title: string; hint: string; problem: string | undefined; busy: boolean; onSubmit: () => Promise<unknown>; submitLabel: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <form
      className="planner-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault()
        void props.onSubmit()
      }}
    >
      <h3 id={`${id}-title`}>{props.title}</h3>
      <p className="field-hint">{props.hint}</p>
      {props.children}
      {props.problem && (
        <p role="alert" className="form-error">
          {props.problem}
        </p>
      )}
      <button type="submit" className="primary" aria-busy={props.busy}>
        {props.submitLabel}
      </button>
    </form>
  )
}
