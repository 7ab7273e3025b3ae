/** Interface strings of the Analysis view's planner figures (MobilePA-Bench's dimensions). English first; the Chinese must have the same keys. */
export const plannerAnalysisEn = {
  heading: 'Planner tasks (MobilePA-Bench)',
  hint: 'For a data set whose tasks name a dimension: the figures npm run score writes into result.json, and what the attempts did with sub-agents, memory and skills. Every figure is read from the verdicts already made; a task with no answer counts as wrong in the accuracies and is left out of the other figures.',
  tasks: '{{count}} tasks',
  tasks_one: '{{count}} task',
  share: '{{hits}} of {{of}} ({{pct}} %)',
  dimensions: {
    heading: 'Accuracy by dimension',
    description: 'Mean ± population std over runs (models) or people, in %. Overall = 0.5 × basic + 0.1 × sub-agents + 0.2 × memory + 0.2 × skills, from the means.',
    names: { basic: 'Basic tool use', subagent: 'Sub-agents', memory: 'Memory', skill: 'Skills' },
    overall: 'Overall (MobilePA)',
    partial: '{{value}} (partial)',
    partialNote: 'A dimension has no tasks: “partial” is the weighted mean over the dimensions that have, their weights scaled to sum to 1.',
  },
  buckets: {
    heading: 'Accuracy by verification',
    description: 'What decides each task: its calls, the state they leave, or its rubric. Mean ± population std over runs or people, in %.',
    names: { tool_call: 'Tool calls', state_change: 'State change', agent_behavior: 'Agent behaviour' },
  },
  delegation: {
    heading: 'Sub-agents: route and handoff',
    hint: 'Over the attempts at sub-agent tasks whose gold hands work to a sub-agent ({{tasks}}; those judged by a rubric are left out). Route: the attempt hands work to the same sub-agents as the gold or one of its alternatives. Handoff: the route is right and the verdict finds nothing wrong with a handoff call (its payload, mentions, count and order included).',
    attempts: 'Attempts',
    route: 'Route right',
    handoff: 'Handoff right',
  },
  memory: {
    heading: 'Memory recall',
    hint: 'Over the attempts at tasks that require memories ({{tasks}}): the required memories the attempt used (read before its last action, or pinned), over those required.',
    attempts: 'Attempts',
    recall: 'Recall',
  },
  skills: {
    heading: 'Skill loads',
    hint: 'Over the attempts at tasks with a skill condition ({{tasks}}): the skills loaded anywhere in the attempt (each once), how often every required skill was loaded, and how often a forbidden one was.',
    attempts: 'Attempts',
    loads: 'Skills loaded per attempt',
    required: 'Required skills loaded',
    forbidden: 'Forbidden skill loaded',
  },
  chart: {
    title: 'Dimensions and overall, as a chart',
    desc: 'Bars: each row’s mean accuracy (%) per MobilePA-Bench dimension, and the weighted overall, one colour per dimension. Whiskers: ± population std over runs or people.',
    axis: 'Accuracy (%)',
  },
}
